#!/usr/bin/env bash
# Runs a command with the local configuration of infra/local.env exported (variables
# already set in the environment win), e.g. `infra/scripts/env.sh npx jest`.
# Without a command, prints the resulting KEY=VALUE lines.
set -euo pipefail
# shellcheck source=infra/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
load_env
if [ $# -eq 0 ]; then
  sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/\1/p' "${LOCAL_ENV_FILE:-$ROOT/infra/local.env}" |
    while read -r k; do printf '%s=%s\n' "$k" "${!k}"; done
  exit 0
fi
exec "$@"
