# syntax=docker/dockerfile:1
#
# One image per deployable of the platform, all from this file:
#
#   docker build --build-arg SERVICE=billing -t agent-platform/billing .
#   docker build --build-arg SERVICE=gateway --build-arg SERVICE_PATH=gateway -t agent-platform/gateway .
#
# SERVICE      the deployable: workspace, agent, channels, agency-domain, billing,
#              notification, onboarding, gateway.
# SERVICE_PATH its workspace directory; defaults to services/$SERVICE (the gateway lives
#              at the root, so it passes SERVICE_PATH=gateway).
#
# The image runs `node $SERVICE_PATH/dist/main.js` as the unprivileged `node` user (uid
# 1000). Every image also carries infra/scripts/*.js, so any of them can run the
# one-shot topic creation (`node infra/scripts/create-topics.js`).

ARG NODE_IMAGE=node:20-slim

# --- manifests: only the package.json files and the lock file, so the `npm ci` layer
# below is rebuilt only when dependencies change, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \; \
 && cp package-lock.json /manifests/

# --- build: install everything, compile every workspace, then drop dev dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/var/cache/npm \
    npm ci --no-audit --no-fund --cache /var/cache/npm
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- select: the runtime tree of one deployable (its workspace, the shared libraries it
# links to, the production node_modules), without sources, tests or build info.
FROM build AS select
ARG SERVICE
ARG SERVICE_PATH=services/${SERVICE}
RUN set -eu; \
    if [ -z "${SERVICE}" ]; then echo "build arg SERVICE is required, e.g. --build-arg SERVICE=billing" >&2; exit 1; fi; \
    if [ ! -f "${SERVICE_PATH}/dist/main.js" ]; then \
      echo "no ${SERVICE_PATH}/dist/main.js: unknown SERVICE '${SERVICE}' (the gateway needs SERVICE_PATH=gateway)" >&2; exit 1; \
    fi; \
    mkdir -p /out/infra/scripts; \
    cp -a package.json node_modules /out/; \
    tar -cf - --exclude=src --exclude=test --exclude='*.tsbuildinfo' --exclude='tsconfig*.json' \
        contracts services/kit "${SERVICE_PATH}" | tar -C /out -xf -; \
    cp -a infra/scripts/*.js /out/infra/scripts/; \
    if [ "${SERVICE}" = gateway ]; then \
      for dist in frontends/*/dist; do \
        if [ -d "$dist" ]; then mkdir -p "/out/${dist%/dist}"; cp -a "$dist" "/out/$dist"; fi; \
      done; \
    fi

# --- runtime
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG SERVICE_PATH=services/${SERVICE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    SERVICE=${SERVICE} \
    SERVICE_PATH=${SERVICE_PATH}
WORKDIR /app
# Owned by root and read-only to the process: the app cannot rewrite its own code.
COPY --from=select /out/ ./
USER 1000:1000
STOPSIGNAL SIGTERM
# `exec`: node is PID 1 and gets SIGTERM itself (the kit drains HTTP, then closes).
CMD ["sh", "-c", "exec node \"$SERVICE_PATH/dist/main.js\""]
