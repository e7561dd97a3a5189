#!/usr/bin/env bash
# Installs everything a fresh machine needs to run the platform and its tests, from the
# package registries only. Idempotent: every step is skipped when its result is present.
#
#   apt        kcat, chromium, fonts-noto-color-emoji, postgresql (and curl, java, maven when missing)
#   Go tools   ferretdb, stripe-mock  -> ${XDG_CACHE_HOME:-$HOME/.cache}/agent-platform/bin
#   Maven      the Kafka broker's jars -> infra/kafka/target/lib
#   npm        the workspaces' node_modules (npm ci)
set -euo pipefail
# shellcheck source=infra/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_apt_packages() {
  local missing=()
  command -v kcat >/dev/null 2>&1 || missing+=(kcat)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  # Browser tests screenshot the product: the spec's messages carry emoji (the wave of the proactive message).
  [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
  # FerretDB's storage (ADR 0006); the package also creates the unprivileged user it runs as.
  compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
  command -v patch >/dev/null 2>&1 || missing+=(patch)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null 2>&1 || missing+=(maven)
  if ((${#missing[@]} == 0)); then
    log "apt packages: present"
    return
  fi
  log "apt packages: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

require_go() {
  command -v go >/dev/null 2>&1 || die "Go (>= 1.22) is required to build ferretdb and stripe-mock; install it from go.dev or your distribution"
}

install_ferretdb() {
  local bin="$BIN_DIR/ferretdb"
  # The stamp names the version and the local patches, so a changed patch rebuilds.
  local stamp="$FERRETDB_VERSION $(cat "$ROOT"/infra/ferretdb/* | sha256sum | cut -c1-16)"
  # (outputs are captured before matching: with pipefail, `grep -q` closing the pipe early
  # would make the producer fail with SIGPIPE)
  if [ -x "$bin" ] && [ "$(cat "$bin.stamp" 2>/dev/null || true)" = "$stamp" ] &&
    [[ "$("$bin" --version 2>/dev/null || true)" == *"version: $FERRETDB_VERSION"* ]]; then
    log "ferretdb $FERRETDB_VERSION: present"
    return
  fi
  require_go
  log "ferretdb $FERRETDB_VERSION: building from the Go module proxy (1-3 min the first time)"
  # `go install ...@version` cannot resolve this module through the proxy's version list,
  # so download the exact version as a dependency of a throwaway module and build it.
  local work="$CACHE_DIR/build/ferretdb"
  rm -rf "$work"
  mkdir -p "$work/resolve" "$BIN_DIR"
  cat >"$work/resolve/go.mod" <<EOF
module local/ferretdb-build

go 1.21

require github.com/FerretDB/FerretDB $FERRETDB_VERSION
EOF
  local moddir
  moddir="$(cd "$work/resolve" && GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  if [ -z "$moddir" ] || [ ! -d "$moddir" ]; then
    die "could not download github.com/FerretDB/FerretDB@$FERRETDB_VERSION"
  fi
  cp -R "$moddir" "$work/src"
  chmod -R u+w "$work/src"
  # Release builds read their version from this file; the module zip does not carry it.
  printf '%s' "$FERRETDB_VERSION" >"$work/src/build/version/version.txt"
  # Make single-document writes atomic, as on MongoDB (see infra/ferretdb/serialize_writes.go).
  cp "$ROOT/infra/ferretdb/serialize_writes.go" "$work/src/internal/handler/"
  sed -i 's/^\th\.initCommands()$/\th.initCommands()\n\th.serializeWrites()/' "$work/src/internal/handler/handler.go"
  grep -q 'h.serializeWrites()' "$work/src/internal/handler/handler.go" || die "could not apply the write-serialisation patch to ferretdb"
  # PostgreSQL backend: pushed-down filters that use indexes; bulk updates that do not
  # exhaust the connection pool (see the comments in each patch, ADR 0006).
  local fix
  for fix in "$ROOT"/infra/ferretdb/*.patch; do
    patch -s -p1 -d "$work/src" <"$fix" || die "could not apply ${fix#"$ROOT"/} to ferretdb"
  done
  (cd "$work/src" && GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -trimpath -o "$bin.tmp" ./cmd/ferretdb)
  mv "$bin.tmp" "$bin"
  printf '%s' "$stamp" >"$bin.stamp"
  rm -rf "$work"
  [[ "$("$bin" --version)" == *"version: $FERRETDB_VERSION"* ]] || die "built ferretdb does not report $FERRETDB_VERSION"
}

install_stripe_mock() {
  local bin="$BIN_DIR/stripe-mock"
  if [ -x "$bin" ] && command -v go >/dev/null 2>&1 &&
    grep -qE "mod[[:space:]]+github.com/stripe/stripe-mock[[:space:]]+$STRIPE_MOCK_VERSION([[:space:]]|\$)" <<<"$(go version -m "$bin" 2>/dev/null || true)"; then
    log "stripe-mock $STRIPE_MOCK_VERSION: present"
    return
  fi
  require_go
  log "stripe-mock $STRIPE_MOCK_VERSION: go install"
  mkdir -p "$BIN_DIR"
  GOBIN="$BIN_DIR" GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
}

install_kafka_jars() {
  local dir="$ROOT/infra/kafka" stamp="$ROOT/infra/kafka/target/.pom.sha256" sum
  sum="$(sha256sum "$dir/pom.xml" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ] && compgen -G "$dir/target/lib/kafka_*.jar" >/dev/null; then
    log "kafka jars: present"
    return
  fi
  log "kafka jars: resolving from Maven Central"
  rm -rf "$dir/target/lib"
  mkdir -p "$dir/target"
  if ! (cd "$dir" && mvn -q -B -Dstyle.color=never dependency:copy-dependencies) >"$dir/target/mvn.log" 2>&1; then
    cat "$dir/target/mvn.log" >&2
    die "maven could not resolve the Kafka jars (log above)"
  fi
  compgen -G "$dir/target/lib/kafka_*.jar" >/dev/null || die "maven did not produce infra/kafka/target/lib/kafka_*.jar"
  echo "$sum" >"$stamp"
}

install_node_modules() {
  cd "$ROOT"
  local marker="node_modules/.package-lock.json"   # rewritten by every npm install/ci
  if [ -f package-lock.json ]; then
    if [ -f "$marker" ] && [ ! package-lock.json -nt "$marker" ]; then
      log "node_modules: up to date with package-lock.json"
      return
    fi
    log "node_modules: npm ci"
    local out="$CACHE_DIR/npm-ci.log"
    mkdir -p "$CACHE_DIR"
    if ! npm ci --no-audit --no-fund >"$out" 2>&1; then
      # The lockfile can lack the optional per-platform packages that this registry does
      # not serve (e.g. @swc/core-darwin-*); npm ci then refuses it as "out of sync".
      # npm install honours the same lockfile and --no-save leaves it untouched.
      if grep -q 'can only install packages when your package.json and package-lock.json' "$out"; then
        warn "npm ci refused the lockfile ($(grep -m1 'Missing:' "$out" | sed 's/^npm error //')...); using npm install --no-save"
        npm install --no-audit --no-fund --no-save
      else
        cat "$out" >&2
        die "npm ci failed"
      fi
    else
      grep -v '^npm warn Unknown user config' "$out" || true
    fi
  else
    if [ -f "$marker" ] && [ ! package.json -nt "$marker" ]; then
      log "node_modules: up to date with package.json"
      return
    fi
    log "node_modules: npm install (no package-lock.json)"
    npm install --no-audit --no-fund
  fi
}

install_apt_packages
install_ferretdb
install_stripe_mock
install_kafka_jars
install_node_modules
log "install: done (tools in ${BIN_DIR/#$HOME/\$HOME})"
