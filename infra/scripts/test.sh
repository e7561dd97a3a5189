#!/usr/bin/env bash
# The test run behind `make test` (install and build have run already):
# starts the dependencies that are not running yet, creates the topics, starts the built
# services and the gateway unless a `make up` platform already runs (browser tests drive
# it through the gateway), runs jest with
# the configuration of infra/local.env in the environment, then stops only the
# dependencies this run started (also on failure or interruption). Exits with jest's status.
# Extra arguments go to jest, e.g. `infra/scripts/test.sh --selectProjects unit`.
set -euo pipefail
# shellcheck source=infra/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
load_env
cd "$ROOT"

DEPS_SH="$ROOT/infra/scripts/deps.sh"
mapfile -t ALL < <("$DEPS_SH" status | awk '{print $1}')

already_running=()
for d in "${ALL[@]}"; do
  if "$DEPS_SH" status "$d" >/dev/null 2>&1; then already_running+=("$d"); fi
done

SERVICES_SH="$ROOT/infra/scripts/services.sh"
gateway_url="http://127.0.0.1:${PORT_GATEWAY:-8080}/healthz"
services_were_up=false
if curl -fs -o /dev/null -m 2 "$gateway_url"; then services_were_up=true; fi

cleanup() {
  local status=$? d
  if [ "$services_were_up" = false ]; then "$SERVICES_SH" down >/dev/null 2>&1 || true; fi
  for d in "${ALL[@]}"; do
    [[ " ${already_running[*]} " == *" $d "* ]] && continue
    "$DEPS_SH" stop "$d" >/dev/null 2>&1 || true
  done
  if ((${#already_running[@]} > 0)); then
    log "left running (they were up before the tests): ${already_running[*]}"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$DEPS_SH" up
node "$ROOT/infra/scripts/create-topics.js"
# The browser journeys all sign in from loopback, one client to the platform: its sign-in code
# budget (20 per client in 15 minutes) is sized for one person, not for a suite of journeys.
if [ "$services_were_up" = false ]; then LOGIN_CODE_MAX_SENDS_PER_CLIENT="${LOGIN_CODE_MAX_SENDS_PER_CLIENT:-500}" "$SERVICES_SH" up; fi

set +e
npx jest --runInBand --ci "$@"
status=$?
set -e
exit "$status"
