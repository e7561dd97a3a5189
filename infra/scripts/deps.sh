#!/usr/bin/env bash
# Starts and stops the platform's real dependencies as local background processes.
#
#   deps.sh up                 start every dependency and wait until each is ready
#   deps.sh down               stop exactly the processes recorded in .run/<name>.pid
#   deps.sh status [name]      show what runs (with a name: exit 0 only if running here)
#   deps.sh start <name>       start one and wait until it accepts connections
#   deps.sh stop <name>        stop one
#
# Names: postgres (PostgreSQL, FerretDB's storage), mongo (FerretDB, MongoDB wire protocol), kafka (single-node KRaft broker),
# stripe (stripe-mock), mail (maildev SMTP inbox), sandbox-llm (OpenAI-compatible LLM
# stand-in, infra/sandboxes/llm; `up` starts it only when LLM_API_BASE points at it),
# sandbox-telegram (Telegram Bot API stand-in, infra/sandboxes/telegram; `up` starts it only
# when TELEGRAM_API_BASE points at it), sandbox-meta (Meta Graph v18.0 WhatsApp stand-in,
# infra/sandboxes/meta; started only when META_GRAPH_API_BASE points at it), sandbox-discord
# (Discord stand-in, infra/sandboxes/discord: webhooks, the bot's Gateway, a page to write in a channel).
# sandbox-domains, sandbox-email-domains and sandbox-fonts (the domain provider, the e-mail
# domain provider and the fonts service, infra/sandboxes), sandbox-company-site (a branded
# website for onboarding, infra/sandboxes/company-site), sandbox-web-push (a browser vendor's
# push service: Web Push endpoints with VAPID checks, infra/sandboxes/web-push).
# Pid files: .run/<name>.pid   logs: .run/<name>.log   data: .data/<name>/
set -euo pipefail
# shellcheck source=infra/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
load_env   # ports come from infra/local.env unless the environment sets them

MONGO_PORT="${MONGO_PORT:-27017}"
POSTGRES_PORT="${POSTGRES_PORT:-5432}"
# FerretDB's backend: pg (PostgreSQL, indexed; ADR 0006) or sqlite (no postgres process).
FERRETDB_HANDLER="${FERRETDB_HANDLER:-pg}"
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
STRIPE_PORT="${STRIPE_PORT:-12111}"
STRIPE_HTTPS_PORT="${STRIPE_HTTPS_PORT:-12112}"
SMTP_PORT="${SMTP_PORT:-1025}"
MAIL_WEB_PORT="${MAIL_WEB_PORT:-1080}"
LLM_SANDBOX_PORT="${LLM_SANDBOX_PORT:-4100}"
TELEGRAM_SANDBOX_PORT="${TELEGRAM_SANDBOX_PORT:-4110}"
META_SANDBOX_PORT="${META_SANDBOX_PORT:-4120}"
DISCORD_SANDBOX_PORT="${DISCORD_SANDBOX_PORT:-4130}"
DOMAINS_SANDBOX_PORT="${DOMAINS_SANDBOX_PORT:-4140}"
FONTS_SANDBOX_PORT="${FONTS_SANDBOX_PORT:-4142}"
EMAIL_DOMAINS_SANDBOX_PORT="${EMAIL_DOMAINS_SANDBOX_PORT:-4141}"
COMPANY_SITE_PORT="${COMPANY_SITE_PORT:-4150}"
STRIPE_JS_SANDBOX_PORT="${STRIPE_JS_SANDBOX_PORT:-4160}"
TOOL_SERVER_SANDBOX_PORT="${TOOL_SERVER_SANDBOX_PORT:-4170}"
TWILIO_SANDBOX_PORT="${TWILIO_SANDBOX_PORT:-4180}"
WEB_PUSH_SANDBOX_PORT="${WEB_PUSH_SANDBOX_PORT:-4185}"
DEPS_TIMEOUT="${DEPS_TIMEOUT:-90}"   # seconds each dependency may take to become ready

ALL_DEPS=(postgres mongo kafka stripe mail sandbox-llm sandbox-telegram sandbox-meta sandbox-discord sandbox-domains sandbox-fonts sandbox-email-domains sandbox-company-site sandbox-stripe-js sandbox-tool-server sandbox-twilio sandbox-web-push)
# PostgreSQL refuses to run as root: it runs as this unprivileged user (Debian's package creates it).
POSTGRES_USER="${POSTGRES_USER:-postgres}"
KAFKA_LIB="$ROOT/infra/kafka/target/lib"
# The sandboxes (infra/sandboxes/<name>/server.js, dependency sandbox-<name>): the variable
# that holds each one's port.
declare -A SANDBOX_PORT_VAR=(
  [llm]=LLM_SANDBOX_PORT [telegram]=TELEGRAM_SANDBOX_PORT [meta]=META_SANDBOX_PORT
  [discord]=DISCORD_SANDBOX_PORT [domains]=DOMAINS_SANDBOX_PORT [fonts]=FONTS_SANDBOX_PORT
  [email-domains]=EMAIL_DOMAINS_SANDBOX_PORT [company-site]=COMPANY_SITE_PORT
  [stripe-js]=STRIPE_JS_SANDBOX_PORT [tool-server]=TOOL_SERVER_SANDBOX_PORT
  [twilio]=TWILIO_SANDBOX_PORT [web-push]=WEB_PUSH_SANDBOX_PORT
)
is_sandbox() { [[ "$1" == sandbox-* ]] && [ -n "${SANDBOX_PORT_VAR[${1#sandbox-}]:-}" ]; }
sandbox_server() { echo "$ROOT/infra/sandboxes/${1#sandbox-}/server.js"; }
sandbox_port() { local var="${SANDBOX_PORT_VAR[${1#sandbox-}]}"; echo "${!var}"; }

pidfile() { echo "$RUN_DIR/$1.pid"; }
logfile() { echo "$RUN_DIR/$1.log"; }

# A string that the process's command line must contain for its pid file to be trusted.
marker() {
  case "$1" in
    postgres) echo "-D $(pg_data_dir)" ;;
    mongo) echo "--state-dir=$DATA_DIR/mongo" ;;
    kafka) echo "$DATA_DIR/kafka/server.properties" ;;
    stripe) echo "stripe-mock" ;;
    mail) echo "$ROOT/node_modules/maildev/bin/maildev" ;;
    *) is_sandbox "$1" || die "unknown dependency '$1' (expected one of: ${ALL_DEPS[*]})"
      sandbox_server "$1" ;;
  esac
}

# The port that tells whether the dependency is there.
main_port() {
  case "$1" in
    postgres) echo "$POSTGRES_PORT" ;;
    mongo) echo "$MONGO_PORT" ;;
    kafka) echo "$KAFKA_PORT" ;;
    stripe) echo "$STRIPE_PORT" ;;
    mail) echo "$SMTP_PORT" ;;
    sandbox-*) sandbox_port "$1" ;;
  esac
}

# Every port the dependency must listen on before it is ready.
ready_ports() {
  case "$1" in
    mail) echo "$SMTP_PORT $MAIL_WEB_PORT" ;;
    *) main_port "$1" ;;
  esac
}

describe() {
  case "$1" in
    postgres) echo "127.0.0.1:$POSTGRES_PORT (PostgreSQL $(pg_major), data in .data/postgres)" ;;
    mongo) echo "mongodb://127.0.0.1:$MONGO_PORT (FerretDB $FERRETDB_VERSION, $FERRETDB_HANDLER backend)" ;;
    kafka) echo "127.0.0.1:$KAFKA_PORT (Kafka, KRaft single node)" ;;
    stripe) echo "http://127.0.0.1:$STRIPE_PORT (stripe-mock)" ;;
    mail) echo "smtp://127.0.0.1:$SMTP_PORT, inbox http://localhost:$MAIL_WEB_PORT (maildev)" ;;
    sandbox-llm) echo "http://127.0.0.1:$LLM_SANDBOX_PORT/v1 (LLM sandbox, OpenAI chat completions)" ;;
    sandbox-telegram) echo "http://127.0.0.1:$TELEGRAM_SANDBOX_PORT (Telegram Bot API sandbox; chat with your bot at http://localhost:$TELEGRAM_SANDBOX_PORT/)" ;;
    sandbox-meta) echo "http://127.0.0.1:$META_SANDBOX_PORT (Meta Graph v18.0 sandbox; write to a WhatsApp number at http://localhost:$META_SANDBOX_PORT/)" ;;
    sandbox-discord) echo "http://127.0.0.1:$DISCORD_SANDBOX_PORT (Discord sandbox: webhooks and the bot's Gateway; write in a channel at http://localhost:$DISCORD_SANDBOX_PORT/)" ;;
    sandbox-domains) echo "http://127.0.0.1:$DOMAINS_SANDBOX_PORT (domain provider sandbox, project domains API)" ;;
    sandbox-fonts) echo "http://127.0.0.1:$FONTS_SANDBOX_PORT (fonts service sandbox, css2)" ;;
    sandbox-email-domains) echo "http://127.0.0.1:$EMAIL_DOMAINS_SANDBOX_PORT (e-mail domain provider sandbox, domains API)" ;;
    sandbox-company-site) echo "http://127.0.0.1:$COMPANY_SITE_PORT (a branded company website to try onboarding with)" ;;
    sandbox-stripe-js) echo "http://127.0.0.1:$STRIPE_JS_SANDBOX_PORT (Stripe.js stand-in at /v3/ and Stripe's test-card outcomes in front of stripe-mock)" ;;
    sandbox-tool-server) echo "http://127.0.0.1:$TOOL_SERVER_SANDBOX_PORT (a voice-tool server to test tools against: /order-status, /book, /echo; secret sandbox-tool-secret)" ;;
    sandbox-twilio) echo "http://127.0.0.1:$TWILIO_SANDBOX_PORT (Twilio REST 2010-04-01 sandbox, phone numbers; call a number at http://localhost:$TWILIO_SANDBOX_PORT/)" ;;
    sandbox-web-push) echo "http://127.0.0.1:$WEB_PUSH_SANDBOX_PORT (Web Push service sandbox: subscription endpoints /push/<id>, VAPID checked; deliveries at http://localhost:$WEB_PUSH_SANDBOX_PORT/)" ;;
  esac
}

# points_at URL PORT -> 0 when URL is this machine's sandbox on PORT (any path below it).
points_at() {
  case "$1" in
    "http://127.0.0.1:$2" | "http://127.0.0.1:$2"/* | "http://localhost:$2" | "http://localhost:$2"/*) return 0 ;;
    *) return 1 ;;
  esac
}

# needed NAME -> 0 when `up` should start it. The LLM sandbox only stands in while the
# services are pointed at it (LLM_API_BASE); with a real key they talk to the real API.
needed() {
  case "$1" in
    postgres) [ "$FERRETDB_HANDLER" = pg ] ;;
    sandbox-llm) points_at "${LLM_API_BASE:-}" "$LLM_SANDBOX_PORT" ;;
    sandbox-telegram) points_at "${TELEGRAM_API_BASE:-}" "$TELEGRAM_SANDBOX_PORT" ;;
    sandbox-twilio) points_at "${TWILIO_API_BASE:-}" "$TWILIO_SANDBOX_PORT" ;;
    sandbox-meta) points_at "${META_GRAPH_API_BASE:-}" "$META_SANDBOX_PORT" ;;
    *) return 0 ;;
  esac
}

require_file() { [ -e "$1" ] || die "$2 is missing: run 'make install' (infra/scripts/install.sh) first"; }

# ---- how each dependency is launched: fills the array CMD --------------------------------

# pg_bin PROGRAM: the path of a PostgreSQL server program (Debian keeps them off PATH).
pg_bin() {
  local dir
  dir="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n1)"
  [ -n "$dir" ] && [ -x "$dir/$1" ] || die "PostgreSQL ($1) is missing: run 'make install' (infra/scripts/install.sh)"
  echo "$dir/$1"
}
pg_major() { basename "$(dirname "$(dirname "$(pg_bin postgres)")")"; }

# AS_POSTGRES: the prefix that runs a command as POSTGRES_USER when we are root (setpriv
# execs, so the pid recorded is the server's own); empty otherwise.
AS_POSTGRES=()
[ "$(id -u)" -ne 0 ] || AS_POSTGRES=(setpriv "--reuid=$POSTGRES_USER" "--regid=$POSTGRES_USER" --init-groups --)

# pg_data_dir: the cluster's directory, .data/postgres (or where that link points, see below).
pg_data_dir() {
  if [ -L "$DATA_DIR/postgres" ]; then readlink -f "$DATA_DIR/postgres"; else echo "$DATA_DIR/postgres"; fi
}

prepare_postgres() {
  local dir sockets="$RUN_DIR/postgres"
  mkdir -p "$DATA_DIR" "$RUN_DIR"
  if [ "$(id -u)" -eq 0 ]; then
    id "$POSTGRES_USER" >/dev/null 2>&1 || die "postgres: user '$POSTGRES_USER' is missing: run 'make install' (Debian's postgresql package creates it)"
    if [ ! -L "$DATA_DIR/postgres" ] && ! "${AS_POSTGRES[@]}" test -x "$DATA_DIR"; then
      # The checkout is closed to other users (e.g. in root's home): the cluster lives in the
      # postgres user's home, linked from .data/postgres (a fresh link starts a fresh cluster).
      local home
      home="$(getent passwd "$POSTGRES_USER" | cut -d: -f6)/agent-platform/$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)"
      log "postgres: ${DATA_DIR#"$ROOT"/} is closed to user $POSTGRES_USER; keeping the cluster in $home"
      rm -rf "$DATA_DIR/postgres" "$home"
      mkdir -p "$home"
      ln -s "$home" "$DATA_DIR/postgres"
    fi
    dir="$(pg_data_dir)"
    mkdir -p "$dir"
    chown "$POSTGRES_USER:" "$dir"
    chmod 700 "$dir"
    if "${AS_POSTGRES[@]}" test -x "$RUN_DIR"; then
      mkdir -p "$sockets"
      chown "$POSTGRES_USER:" "$sockets"
    else
      sockets=""   # FerretDB and the readiness check use TCP; no Unix socket then
    fi
  else
    dir="$(pg_data_dir)"
    mkdir -p "$dir" "$sockets"
  fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    log "postgres: creating the cluster in ${dir#"$ROOT"/} (superuser ferretdb, local trust)"
    "${AS_POSTGRES[@]}" "$(pg_bin initdb)" -D "$dir" -U ferretdb --auth=trust -E UTF8 --no-locale --no-sync \
      >>"$(logfile postgres)" 2>&1 || { tail -n 20 "$(logfile postgres)" >&2; die "postgres: initdb failed"; }
    echo "CREATE DATABASE ferretdb;" | "${AS_POSTGRES[@]}" "$(pg_bin postgres)" --single -D "$dir" postgres \
      >>"$(logfile postgres)" 2>&1 || { tail -n 20 "$(logfile postgres)" >&2; die "postgres: creating the database failed"; }
  fi
  # Settings live on the command line (regenerated every start, like Kafka's properties).
  # synchronous_commit=off: a commit returns before its WAL reaches the disk; a crash of the
  # machine may lose the last fraction of a second, never consistency (ADR 0006).
  # autovacuum_naptime=10s: statistics follow bulk loads within seconds (the planner picks the
  # outbox index only once it knows how few documents have pending events).
  CMD=("${AS_POSTGRES[@]}" "$(pg_bin postgres)" -D "$dir" -p "$POSTGRES_PORT" -c listen_addresses=127.0.0.1
    -c "unix_socket_directories=$sockets" -c synchronous_commit=off -c max_connections=200
    -c shared_buffers=256MB -c jit=off -c log_min_messages=warning -c log_checkpoints=off
    -c autovacuum_naptime=10s)
}

prepare_mongo() {
  require_file "$BIN_DIR/ferretdb" "ferretdb"
  mkdir -p "$DATA_DIR/mongo"
  local backend=(--handler=sqlite "--sqlite-url=file:$DATA_DIR/mongo/")
  if [ "$FERRETDB_HANDLER" = pg ]; then
    backend=(--handler=pg "--postgresql-url=postgres://ferretdb@127.0.0.1:$POSTGRES_PORT/ferretdb")
  fi
  CMD=("$BIN_DIR/ferretdb" "${backend[@]}"
    "--state-dir=$DATA_DIR/mongo" "--listen-addr=127.0.0.1:$MONGO_PORT"
    --debug-addr=- --telemetry=disable --log-level=warn)
}

prepare_kafka() {
  require_file "$KAFKA_LIB" "infra/kafka/target/lib (the Kafka jars)"
  command -v java >/dev/null 2>&1 || die "java (17) is required for Kafka: run 'make install'"
  local dir="$DATA_DIR/kafka"
  mkdir -p "$dir/logs"
  cat >"$dir/server.properties" <<EOF
# Generated by infra/scripts/deps.sh on every start; edit the script, not this file.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/logs
num.partitions=1
default.replication.factor=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
min.insync.replicas=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
delete.topic.enable=true
EOF
  cat >"$dir/log4j.properties" <<'EOF'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=WARN
log4j.logger.org.apache.kafka=WARN
EOF
  local java_cp=(java -Xmx512m -Dlog4j.configuration="file:$dir/log4j.properties" -cp "$KAFKA_LIB/*")
  if [ ! -f "$dir/logs/meta.properties" ]; then
    log "kafka: formatting the KRaft storage in ${dir#"$ROOT"/}/logs"
    local cluster_id
    cluster_id="$("${java_cp[@]}" kafka.tools.StorageTool random-uuid 2>>"$(logfile kafka)" | tail -n1)"
    "${java_cp[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$dir/server.properties" \
      >>"$(logfile kafka)" 2>&1 || { tail -n 20 "$(logfile kafka)" >&2; die "kafka: storage format failed"; }
  fi
  CMD=("${java_cp[@]}" kafka.Kafka "$dir/server.properties")
}

prepare_stripe() {
  require_file "$BIN_DIR/stripe-mock" "stripe-mock"
  mkdir -p "$DATA_DIR/stripe"
  CMD=("$BIN_DIR/stripe-mock" -http-addr "127.0.0.1:$STRIPE_PORT" -https-addr "127.0.0.1:$STRIPE_HTTPS_PORT")
}

prepare_mail() {
  require_file "$ROOT/node_modules/maildev/bin/maildev" "node_modules/maildev"
  mkdir -p "$DATA_DIR/mail"
  CMD=(node "$ROOT/node_modules/maildev/bin/maildev" --smtp "$SMTP_PORT" --web "$MAIL_WEB_PORT"
    --ip 127.0.0.1 --mail-directory "$DATA_DIR/mail")
}

prepare_sandbox() {
  local server
  server="$(sandbox_server "$1")"
  require_file "$server" "${server#"$ROOT"/}"
  mkdir -p "$DATA_DIR/$1"
  CMD=(node "$server" --port "$(sandbox_port "$1")" --host 127.0.0.1)
  case "$1" in
    sandbox-stripe-js)
      CMD+=(--stripe-mock "http://127.0.0.1:$STRIPE_PORT" --secret-key "${STRIPE_SECRET_KEY:-sk_test_123}"
        ${STRIPE_WEBHOOK_URL:+--webhook-url "$STRIPE_WEBHOOK_URL"}
        ${STRIPE_CONNECT_WEBHOOK_URL:+--connect-webhook-url "$STRIPE_CONNECT_WEBHOOK_URL"}) ;;
    sandbox-twilio) CMD+=(--account "${TWILIO_ACCOUNT_SID:-}:${TWILIO_AUTH_TOKEN:-}") ;;
  esac
}

# ---- start / wait / stop ---------------------------------------------------------------------

# launch NAME: starts the process in the background unless it already runs.
launch() {
  local name="$1" pf lf pid port
  pf="$(pidfile "$name")"
  lf="$(logfile "$name")"
  mkdir -p "$RUN_DIR"
  if pid="$(pid_alive_as "$pf" "$(marker "$name")")"; then
    log "$name: already running (pid $pid)"
    return
  fi
  rm -f "$pf"
  port="$(main_port "$name")"
  if port_open "$port"; then
    warn "$name: port $port is already served by a process this checkout did not start; using it as is (stop it, or set the port variable, to run a local one)"
    return
  fi
  printf -- '----- %s: starting %s\n' "$(date -u +%FT%TZ)" "$name" >>"$lf"
  local CMD=()
  if is_sandbox "$name"; then prepare_sandbox "$name"; else "prepare_$name"; fi
  # nohup + exec keep the recorded pid equal to the server's own pid; every standard
  # stream is redirected so nothing holds the caller's terminal or pipes open.
  (cd "$DATA_DIR/$name" && exec nohup "${CMD[@]}" >>"$lf" 2>&1 </dev/null) &
  echo $! >"$pf"
  log "$name: started (pid $!), log ${lf#"$ROOT"/}"
}

postgres_answers() {
  "$(pg_bin pg_isready)" -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U ferretdb -d ferretdb
}

kafka_answers() {
  node "$ROOT/infra/scripts/kafka-ready.js" "127.0.0.1:$KAFKA_PORT" 2>/dev/null
}

ports_open() {
  local p
  for p in "$@"; do port_open "$p" || return 1; done
}

# await NAME: waits until the dependency accepts connections (and, for Kafka, answers
# metadata requests), failing with the log tail if it dies or the timeout passes.
await() {
  local name="$1" pf="" m lf
  m="$(marker "$name")"
  lf="$(logfile "$name")"
  # with a pid file (we launched it), a process that dies fails the wait at once
  [ -f "$(pidfile "$name")" ] && pf="$(pidfile "$name")"
  # shellcheck disable=SC2046
  wait_until "$DEPS_TIMEOUT" "$name" "$pf" "$m" "$lf" -- ports_open $(ready_ports "$name") || return 1
  if [ "$name" = postgres ]; then
    wait_until "$DEPS_TIMEOUT" "postgres (accepting connections)" "$pf" "$m" "$lf" -- postgres_answers || return 1
  fi
  if [ "$name" = kafka ]; then
    wait_until "$DEPS_TIMEOUT" "kafka (metadata)" "$pf" "$m" "$lf" -- kafka_answers || return 1
  fi
  log "$name: ready at $(describe "$name")"
}

stop_dep() {
  local pid
  # SIGTERM would wait for every client (FerretDB's pool) to disconnect: ask for a fast shutdown.
  if [ "$1" = postgres ] && pid="$(pid_alive_as "$(pidfile postgres)" "$(marker postgres)")"; then
    kill -INT "$pid" 2>/dev/null || true
  fi
  stop_pidfile "$1" "$(pidfile "$1")" "$(marker "$1")"
}

status_dep() {
  local name="$1" pid
  if pid="$(pid_alive_as "$(pidfile "$name")" "$(marker "$name")")"; then
    printf '%-11s running (pid %s)  %s\n' "$name" "$pid" "$(describe "$name")"
    return 0
  elif port_open "$(main_port "$name")"; then
    printf '%-11s port %s open, but not started by this checkout\n' "$name" "$(main_port "$name")"
    return 3
  else
    printf '%-11s stopped\n' "$name"
    return 3
  fi
}

valid_name() {
  local n
  for n in "${ALL_DEPS[@]}"; do [ "$n" = "$1" ] && return 0; done
  die "unknown dependency '$1' (expected one of: ${ALL_DEPS[*]})"
}

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit 2
}

cmd="${1:-}"
case "$cmd" in
  up)
    # launch everything first, then wait: the slow JVM start overlaps the others
    for d in "${ALL_DEPS[@]}"; do
      if needed "$d"; then launch "$d"; else log "$d: not started (the configured API base is not the sandbox)"; fi
    done
    for d in "${ALL_DEPS[@]}"; do
      if needed "$d"; then await "$d"; fi
    done
    ;;
  down)
    for ((i = ${#ALL_DEPS[@]} - 1; i >= 0; i--)); do stop_dep "${ALL_DEPS[i]}"; done
    ;;
  start)
    [ $# -eq 2 ] || usage
    valid_name "$2"
    launch "$2"
    await "$2"
    ;;
  stop)
    [ $# -eq 2 ] || usage
    valid_name "$2"
    if ! pid_alive_as "$(pidfile "$2")" "$(marker "$2")" >/dev/null && port_open "$(main_port "$2")"; then
      die "$2: port $(main_port "$2") is served by a process this checkout did not start; not stopping it"
    fi
    stop_dep "$2"
    ;;
  status)
    if [ $# -eq 2 ]; then
      valid_name "$2"
      status_dep "$2"
    else
      for d in "${ALL_DEPS[@]}"; do status_dep "$d" || true; done
    fi
    ;;
  *) usage ;;
esac
