# The platform on this machine, without a container engine: real MongoDB-compatible
# server, Kafka, stripe-mock and an SMTP inbox run as local processes (see infra/).
# `make help` lists the targets.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

SCRIPTS := infra/scripts
WITH_ENV := $(SCRIPTS)/env.sh

.PHONY: help install build up down status test e2e bench clean

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z0-9_-]+:.*## / {printf "  %-8s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

install: ## install what the machine needs: apt packages, ferretdb, stripe-mock, Kafka jars, node_modules (all cached)
	@$(SCRIPTS)/install.sh

build: ## compile every workspace (npm run build: tsc -b tsconfig.build.json)
	npm run build

up: install build ## start the dependencies, create the topics, start the services and the gateway
	@$(SCRIPTS)/deps.sh up
	@$(WITH_ENV) node $(SCRIPTS)/create-topics.js
	@$(SCRIPTS)/services.sh up
	@$(WITH_ENV) bash -c 'echo; \
	  echo "  platform (gateway):  http://localhost:$$PORT_GATEWAY"; \
	  echo "  e-mail inbox:        http://localhost:$$MAIL_WEB_PORT   (REST: GET /email)"; \
	  echo "  logs and pids:       .run/      stop everything: make down"'

down: ## stop the services and the dependencies that make up started (nothing else)
	@$(SCRIPTS)/services.sh down
	@$(SCRIPTS)/deps.sh down

status: ## show which dependencies and services run
	@$(SCRIPTS)/deps.sh status
	@$(SCRIPTS)/services.sh status

test: install build ## run every jest project against the real dependencies (started and stopped as needed)
	@$(SCRIPTS)/test.sh

e2e: ## run the jest project "e2e" (browser tests) against the running platform, if there is one
	@if node -e "const c = require('./jest.config.js'); \
	    const has = (c.projects || []).some((p) => p && [p.displayName, p.displayName && p.displayName.name].includes('e2e')); \
	    process.exit(has ? 0 : 1)"; then \
	  $(MAKE) --no-print-directory up && $(WITH_ENV) npx jest --selectProjects e2e --runInBand --ci; \
	else \
	  echo "e2e: no jest project named e2e: nothing to run"; \
	fi

bench: ## run the benchmarks (bench/run.js) against the running platform, if there are any
	@if [ -f bench/run.js ]; then \
	  $(MAKE) --no-print-directory up && $(WITH_ENV) node bench/run.js; \
	else \
	  echo "bench: no bench/run.js: nothing to run"; \
	fi

clean: down ## stop everything, then remove .run/, .data/ (local data) and the build outputs
	rm -rf .run .data
	@if [ -f tsconfig.build.json ]; then npx tsc -b tsconfig.build.json --clean; fi
