#!/usr/bin/env bash
# Starts and stops the built services and the gateway as local background processes.
#
#   services.sh up       start every services/<name>/dist/main.js (not services/kit) and
#                        gateway/dist/main.js, wait for /readyz (/healthz for the gateway)
#   services.sh down     stop exactly the processes recorded in .run/svc-<name>.pid
#   services.sh status   show what runs
#
# Configuration: infra/local.env (the environment wins); each process gets PORT from
# PORT_<NAME>. Pid files: .run/svc-<name>.pid   logs: .run/svc-<name>.log
set -euo pipefail
# shellcheck source=infra/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
load_env

SERVICES_TIMEOUT="${SERVICES_TIMEOUT:-60}"   # seconds each service may take to become ready

# name -> directory, for every built service; the gateway comes last (it fronts the others)
built_services() {
  local dir name
  for dir in "$ROOT"/services/*/; do
    name="$(basename "$dir")"
    [ "$name" = kit ] && continue
    [ -f "$dir/dist/main.js" ] && echo "$name"
  done
  [ -f "$ROOT/gateway/dist/main.js" ] && echo gateway
  return 0
}

# every service name that has a directory (built or not), for messages
known_services() {
  local dir name
  for dir in "$ROOT"/services/*/; do
    [ -d "$dir" ] || continue
    name="$(basename "$dir")"
    [ "$name" = kit ] || echo "$name"
  done
  [ -d "$ROOT/gateway" ] && echo gateway
  return 0
}

service_dir() { if [ "$1" = gateway ]; then echo "$ROOT/gateway"; else echo "$ROOT/services/$1"; fi; }
pidfile() { echo "$RUN_DIR/svc-$1.pid"; }
logfile() { echo "$RUN_DIR/svc-$1.log"; }
marker() { echo "$(service_dir "$1")/dist/main.js"; }
port_var() { local n="${1^^}"; echo "PORT_${n//-/_}"; }
health_path() { if [ "$1" = gateway ]; then echo /healthz; else echo /readyz; fi; }

http_ok() {
  local code
  code="$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$1" 2>/dev/null || true)"
  [ "$code" = 200 ]
}

# launch NAME: prints nothing but progress; sets the service's port in PORTS[NAME]
launch() {
  local name="$1" pv port pf lf pid dir
  pv="$(port_var "$name")"
  port="${!pv:-}"
  [ -n "$port" ] || die "$name: no $pv in infra/local.env (nor in the environment)"
  pf="$(pidfile "$name")"
  lf="$(logfile "$name")"
  dir="$(service_dir "$name")"
  mkdir -p "$RUN_DIR"
  if pid="$(pid_alive_as "$pf" "$(marker "$name")")"; then
    log "$name: already running (pid $pid)"
    return
  fi
  rm -f "$pf"
  if port_open "$port"; then
    die "$name: port $port ($pv) is already in use by another process"
  fi
  printf -- '----- %s: starting %s on port %s\n' "$(date -u +%FT%TZ)" "$name" "$port" >>"$lf"
  (cd "$dir" && PORT="$port" SERVICE_NAME="$name" exec nohup node "$dir/dist/main.js" >>"$lf" 2>&1 </dev/null) &
  echo $! >"$pf"
  log "$name: started (pid $!), log ${lf#"$ROOT"/}"
}

await() {
  local name="$1" pv port url pf=""
  pv="$(port_var "$name")"
  port="${!pv}"
  url="http://127.0.0.1:$port$(health_path "$name")"
  # with a pid file (we launched it), a process that dies fails the wait at once
  [ -f "$(pidfile "$name")" ] && pf="$(pidfile "$name")"
  wait_until "$SERVICES_TIMEOUT" "$name ($url)" "$pf" "$(marker "$name")" "$(logfile "$name")" -- http_ok "$url" || return 1
  log "$name: ready at http://localhost:$port"
}

cmd="${1:-}"
case "$cmd" in
  up)
    mapfile -t names < <(built_services)
    mapfile -t known < <(known_services)
    for n in "${known[@]}"; do
      [[ " ${names[*]} " == *" $n "* ]] || warn "$n: not built ($(service_dir "$n" | sed "s|^$ROOT/||")/dist/main.js missing), not started"
    done
    if ((${#names[@]} == 0)); then
      warn "no built service found (services/*/dist/main.js, gateway/dist/main.js): nothing to start"
      exit 0
    fi
    for n in "${names[@]}"; do launch "$n"; done
    failed=0
    for n in "${names[@]}"; do await "$n" || failed=1; done
    ((failed == 0)) || die "some services did not become ready (see the logs above; 'make down' stops the rest)"
    ;;
  down)
    mapfile -t names < <(known_services)
    # also any pid file left by a service whose directory is gone
    for pf in "$RUN_DIR"/svc-*.pid; do
      [ -e "$pf" ] || continue
      n="$(basename "$pf" .pid)"
      n="${n#svc-}"
      [[ " ${names[*]} " == *" $n "* ]] || names+=("$n")
    done
    # the gateway first, then the services
    for ((i = ${#names[@]} - 1; i >= 0; i--)); do
      n="${names[i]}"
      stop_pidfile "$n" "$(pidfile "$n")" "$(marker "$n")"
    done
    ;;
  status)
    mapfile -t names < <(known_services)
    for n in "${names[@]}"; do
      if pid="$(pid_alive_as "$(pidfile "$n")" "$(marker "$n")")"; then
        pv="$(port_var "$n")"
        printf '%-14s running (pid %s)  http://localhost:%s\n' "$n" "$pid" "${!pv:-?}"
      else
        printf '%-14s stopped\n' "$n"
      fi
    done
    ;;
  *)
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
    exit 2
    ;;
esac
