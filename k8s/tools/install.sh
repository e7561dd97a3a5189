#!/usr/bin/env bash
# Installs the tools that render and check the deployment manifests, from the package
# registries only (Go module proxy, PyPI), into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/agent-platform/bin
# Idempotent: a tool already there at its pinned version is skipped.
#
#   k8s/tools/install.sh                      # all of them
#   k8s/tools/install.sh kustomize compose    # some of them
#
#   kustomize            renders k8s/overlays/*            (go install, ~20 s)
#   compose              `docker-compose config` offline   (go build, ~2 min the first time)
#   kubernetes-validate  strict JSON-schema validation of rendered objects, schemas for
#                        Kubernetes 1.25-1.37 shipped in the package (pip, in a venv)
#   dockerfile-check     BuildKit's `docker build --check` rules, offline
#                        (k8s/tools/dockerfile-check, go build, ~30 s)
#
# Prints nothing but progress; exits non-zero with a message when a tool cannot be had.
set -euo pipefail

KUSTOMIZE_VERSION="v5.8.1"
COMPOSE_VERSION="v2.40.3"
KUBERNETES_VALIDATE_VERSION="1.37.0"

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/agent-platform"
BIN_DIR="$CACHE_DIR/bin"
mkdir -p "$BIN_DIR"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Go may live in its standard place without being on PATH.
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then PATH="$PATH:/usr/local/go/bin"; fi
require_go() {
  command -v go >/dev/null 2>&1 || die "Go (>= 1.24) is needed to build $1 from the Go module proxy; install it from go.dev or your distribution"
}
# Never let Go fetch a newer toolchain: the module proxy serves modules, not toolchains.
export GOTOOLCHAIN=local GOFLAGS=-buildvcs=false

install_kustomize() {
  local bin="$BIN_DIR/kustomize"
  if [ -x "$bin" ] && [ "$("$bin" version 2>/dev/null || true)" = "$KUSTOMIZE_VERSION" ]; then
    log "kustomize $KUSTOMIZE_VERSION: present"
    return
  fi
  require_go kustomize
  log "kustomize $KUSTOMIZE_VERSION: go install"
  GOBIN="$BIN_DIR" go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
  [ "$("$bin" version)" = "$KUSTOMIZE_VERSION" ] || die "installed kustomize does not report $KUSTOMIZE_VERSION"
}

# docker/compose's go.mod has exclude directives, so `go install …@version` refuses it;
# a throwaway module that requires it builds the same command.
install_compose() {
  local bin="$BIN_DIR/docker-compose"
  if [ -x "$bin" ] && [ "$("$bin" version --short 2>/dev/null || true)" = "${COMPOSE_VERSION#v}" ]; then
    log "docker-compose $COMPOSE_VERSION: present"
    return
  fi
  require_go docker-compose
  log "docker-compose $COMPOSE_VERSION: building from the Go module proxy (about 2 min the first time)"
  local work="$CACHE_DIR/build/compose-$COMPOSE_VERSION"
  rm -rf "$work"
  mkdir -p "$work"
  cat >"$work/go.mod" <<EOF
module local/compose-build

go 1.24
EOF
  cat >"$work/tools.go" <<'EOF'
//go:build tools

package tools

import _ "github.com/docker/compose/v2/cmd"
EOF
  (
    cd "$work"
    go get "github.com/docker/compose/v2/cmd@$COMPOSE_VERSION"
    go build -trimpath -ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$COMPOSE_VERSION" \
      -o "$bin.tmp" github.com/docker/compose/v2/cmd
  )
  mv "$bin.tmp" "$bin"
  rm -rf "$work"
  [ "$("$bin" version --short)" = "${COMPOSE_VERSION#v}" ] || die "built docker-compose does not report $COMPOSE_VERSION"
}

install_kubernetes_validate() {
  local bin="$BIN_DIR/kubernetes-validate" venv="$CACHE_DIR/venv/kubernetes-validate"
  if [ -x "$bin" ] && [ "$("$bin" --version 2>/dev/null || true)" = "$KUBERNETES_VALIDATE_VERSION" ]; then
    log "kubernetes-validate $KUBERNETES_VALIDATE_VERSION: present"
    return
  fi
  local python
  python="$(command -v python3 || true)"
  [ -n "$python" ] || die "python3 (>= 3.9, with venv) is needed for kubernetes-validate"
  log "kubernetes-validate $KUBERNETES_VALIDATE_VERSION: pip install into $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
  ln -sfn "$venv/bin/kubernetes-validate" "$bin"
  [ "$("$bin" --version)" = "$KUBERNETES_VALIDATE_VERSION" ] || die "installed kubernetes-validate does not report $KUBERNETES_VALIDATE_VERSION"
}

# Built from this repository's own module; rebuilt when its sources change.
install_dockerfile_check() {
  local bin="$BIN_DIR/dockerfile-check" src="$HERE/dockerfile-check" stamp want
  want="$(cat "$src/go.mod" "$src/go.sum" "$src"/*.go | sha256sum | cut -d' ' -f1)"
  stamp="$BIN_DIR/.dockerfile-check.sha256"
  if [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null || true)" = "$want" ]; then
    log "dockerfile-check: present"
    return
  fi
  require_go dockerfile-check
  log "dockerfile-check: go build (BuildKit from the Go module proxy)"
  (cd "$src" && go build -trimpath -o "$bin.tmp" .)
  mv "$bin.tmp" "$bin"
  printf '%s\n' "$want" >"$stamp"
}

# One install at a time (parallel test runs share the cache).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE_DIR/.k8s-tools.lock"
  flock 9
fi

tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(kustomize compose kubernetes-validate dockerfile-check)
for tool in "${tools[@]}"; do
  case "$tool" in
    kustomize) install_kustomize ;;
    compose | docker-compose) install_compose ;;
    kubernetes-validate) install_kubernetes_validate ;;
    dockerfile-check) install_dockerfile_check ;;
    *) die "unknown tool '$tool' (expected kustomize, compose, kubernetes-validate, dockerfile-check)" ;;
  esac
done
