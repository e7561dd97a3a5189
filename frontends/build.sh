#!/usr/bin/env bash
# Builds the frontends in dependency order: ui (type check) -> remotes -> shell.
# Output: frontends/shell/dist (the shell) with dist/remotes/<name>/ (each remote) and dist/widget/embed.js
# (the embeddable chat widget, built last: the shell's build cleans its dist), served by the gateway.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${FRONTEND_MODE:-production}"
for pkg in ui agency-settings client-dashboard billing shell widget; do
  echo "frontends: type-checking $pkg"
  npx tsc -p "frontends/$pkg/tsconfig.json" --noEmit
done
for pkg in agency-settings client-dashboard billing shell; do
  echo "frontends: building $pkg ($MODE)"
  (cd "frontends/$pkg" && npx webpack --mode "$MODE")
done
echo "frontends: building widget ($MODE)"
(cd frontends/widget && npx webpack --mode "$MODE")
node frontends/widget/scripts/check-size.js
node frontends/shell/scripts/measure-initial-js.js
node frontends/scripts/precompress.js
