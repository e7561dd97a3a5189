# Shared helpers for the infra scripts. Sourced, never executed.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/agent-platform"
BIN_DIR="$CACHE_DIR/bin"
RUN_DIR="$ROOT/.run"
DATA_DIR="$ROOT/.data"

# Pinned versions of the tools built from the Go module proxy.
FERRETDB_VERSION="v1.24.0"
STRIPE_MOCK_VERSION="v0.203.0"

# Go may live in its standard install location without being on PATH.
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  PATH="$PATH:/usr/local/go/bin"
fi
PATH="$BIN_DIR:$PATH"
export PATH

if [ -t 1 ]; then C_BLUE=$'\033[1;34m' C_YELLOW=$'\033[1;33m' C_RED=$'\033[1;31m' C_OFF=$'\033[0m'
else C_BLUE='' C_YELLOW='' C_RED='' C_OFF=''; fi
log()  { printf '%s==>%s %s\n' "$C_BLUE" "$C_OFF" "$*"; }
warn() { printf '%swarning:%s %s\n' "$C_YELLOW" "$C_OFF" "$*" >&2; }
err()  { printf '%serror:%s %s\n' "$C_RED" "$C_OFF" "$*" >&2; }
die()  { err "$*"; exit 1; }

# port_open PORT [HOST] -> 0 when something accepts TCP connections there.
port_open() {
  local port="$1" host="${2:-127.0.0.1}"
  (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null
}

# pid_alive_as PIDFILE MARKER -> prints the pid and returns 0 when the pid in PIDFILE
# is alive and its command line contains MARKER (so a recycled pid is never trusted).
pid_alive_as() {
  local pidfile="$1" marker="$2" pid
  [ -f "$pidfile" ] || return 1
  pid="$(tr -dc '0-9' <"$pidfile")"
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$marker" || return 1
  echo "$pid"
}

# stop_pidfile NAME PIDFILE MARKER: TERM the recorded process (only if it is still the
# command we started), wait for it to exit, KILL after a grace period, remove the pid file.
stop_pidfile() {
  local name="$1" pidfile="$2" marker="$3" pid i
  if pid="$(pid_alive_as "$pidfile" "$marker")"; then
    log "stopping $name (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 300; i++)); do            # up to 30 s
      [ -d "/proc/$pid" ] || break
      # a zombie has exited; it only waits for its parent to reap it
      if [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" = "Z" ]; then break; fi
      sleep 0.1
    done
    if [ -d "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != "Z" ]; then
      warn "$name (pid $pid) did not stop after 30 s; sending KILL"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  elif [ -f "$pidfile" ]; then
    log "$name: stale pid file (process gone or not ours), removing it"
  fi
  rm -f "$pidfile"
}

# log_tail FILE: the last 40 lines that the latest start wrote (after its "-----" header).
log_tail() {
  [ -f "$1" ] || return 0
  awk '/^----- / { n = 0 } { line[n++] = $0 } END { for (i = (n > 40 ? n - 40 : 0); i < n; i++) print line[i] }' "$1"
}

# wait_until TIMEOUT_S DESCRIPTION PIDFILE MARKER LOGFILE -- COMMAND...
# Polls COMMAND every 0.2 s until it succeeds; fails early if the process died.
wait_until() {
  local timeout="$1" what="$2" pidfile="$3" marker="$4" logfile="$5"
  shift 6
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    if [ -n "$pidfile" ] && ! pid_alive_as "$pidfile" "$marker" >/dev/null; then
      err "$what: the process exited before it was ready. Last lines of ${logfile#"$ROOT"/}:"
      log_tail "$logfile" >&2
      return 1
    fi
    if ((SECONDS >= deadline)); then
      err "$what: not ready after ${timeout}s. Last lines of ${logfile#"$ROOT"/}:"
      log_tail "$logfile" >&2
      return 1
    fi
    sleep 0.2
  done
}

# The secrets of this installation, generated on first use and kept out of git (.data/ is
# ignored): nothing signs sessions or internal headers with a committed value.
LOCAL_SECRETS_FILE="${LOCAL_SECRETS_FILE:-$DATA_DIR/secrets.env}"
LOCAL_SECRET_NAMES=(JWT_SECRET INTERNAL_SIGNING_SECRET CHANNEL_CREDENTIALS_KEY META_APP_SECRET STRIPE_WEBHOOK_SECRET WEB_PUSH_VAPID_SEED STRIPE_CONNECT_WEBHOOK_SECRET)

# ensure_local_secrets: adds a random 48-character value for every missing secret.
ensure_local_secrets() {
  local name
  mkdir -p "$(dirname "$LOCAL_SECRETS_FILE")"
  (umask 077 && touch "$LOCAL_SECRETS_FILE")
  for name in "${LOCAL_SECRET_NAMES[@]}"; do
    grep -q "^$name=" "$LOCAL_SECRETS_FILE" && continue
    printf '%s=%s\n' "$name" "$(head -c 36 /dev/urandom | base64 | tr '+/' '-_')" >>"$LOCAL_SECRETS_FILE"
  done
}

# load_env_file FILE: exports every KEY=VALUE of FILE that the environment does not set
# already (the environment wins). Values may use ${NAME} / ${NAME:-default}.
load_env_file() {
  local file="$1" line key val
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%$'\r'}"
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ ! "$line" =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]]; then
      warn "${file#"$ROOT"/}: ignoring the line '$line'"
      continue
    fi
    key="${BASH_REMATCH[1]}"
    val="${BASH_REMATCH[2]}"
    [ -n "${!key+x}" ] && continue
    val="$(eval "printf '%s' \"$val\"")"
    export "$key=$val"
  done <"$file"
}

# load_env: the generated secrets (.data/secrets.env), then infra/local.env.
load_env() {
  local file="${LOCAL_ENV_FILE:-$ROOT/infra/local.env}"
  [ -f "$file" ] || die "missing ${file#"$ROOT"/}"
  ensure_local_secrets
  load_env_file "$LOCAL_SECRETS_FILE"
  load_env_file "$file"
}
