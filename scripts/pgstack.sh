#!/usr/bin/env bash
# A throw-away PostgreSQL on loopback for tests and local trials: Debian's server
# binaries, a cluster made by initdb under $PGSTACK_ROOT, one database, trust auth on 127.0.0.1.
#
#   scripts/pgstack.sh install          (as root: apt-get install postgresql when initdb is missing)
#   PGSTACK_ROOT="$(mktemp -d)" scripts/pgstack.sh start|stop|status|url
#
# Environment:
#   PGSTACK_ROOT    required but for install; created if missing (every parent must be searchable by the cluster's
#                   owner, see below)
#   PGSTACK_PORT    default 55432 (listens on 127.0.0.1 only; the socket lives in $PGSTACK_ROOT)
#   PGSTACK_DB      default pbem (database and role)
#   PGSTACK_MAX_CONNECTIONS  default 100 (the test run's one server, shared by every file, sets 300)
#   PGSTACK_FSYNC   off (default) or on. Test clusters run with fsync = off and full_page_writes =
#                   off: nothing is flushed to disk, which is safe against any process being killed
#                   (postgres or the judge: the OS keeps the written pages) but not against the
#                   machine losing power. synchronous_commit stays on, so COMMIT still waits for
#                   the WAL write; the judge's own durability settings are what is under test.
# initdb and postgres refuse to run as root: as root the cluster belongs to the `postgres` user
# (created by Debian's package) and every server command runs through runuser.
# `start` prints the URL (postgres://pbem@127.0.0.1:PORT/pbem) on its last line.
set -euo pipefail

cmd=${1:-}
case "$cmd" in install|start|stop|status|url) ;; *)
  echo "usage: PGSTACK_ROOT=DIR $0 install|start|stop|status|url" >&2; exit 2 ;;
esac
if [ -z "${PGSTACK_ROOT:-}" ] && [ "$cmd" != install ]; then echo "pgstack: PGSTACK_ROOT must be set" >&2; exit 2; fi
ROOT=
if [ -n "${PGSTACK_ROOT:-}" ]; then mkdir -p "$PGSTACK_ROOT"; ROOT=$(cd "$PGSTACK_ROOT" && pwd -P); fi
PORT=${PGSTACK_PORT:-55432}
DB=${PGSTACK_DB:-pbem}
FSYNC=${PGSTACK_FSYNC:-off}
DATA=$ROOT/data
URL="postgres://$DB@127.0.0.1:$PORT/$DB"

# Debian installs the server under /usr/lib/postgresql/<major>/bin, outside PATH.
bindir() {
  local d
  if d=$(command -v initdb 2>/dev/null) && [ -x "$(dirname "$(readlink -f "$d")")/pg_ctl" ]; then
    dirname "$(readlink -f "$d")"; return 0
  fi
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ] && { echo "$d"; return 0; }
  done
  return 1
}

install_packages() {
  bindir >/dev/null && return 0
  if [ "$(id -u)" -ne 0 ]; then echo "pgstack: PostgreSQL is missing and installing it needs root" >&2; exit 1; fi
  exec 9>"${TMPDIR:-/tmp}/pgstack-install.lock"
  flock 9
  if ! bindir >/dev/null; then
    # The package would create and start a "main" cluster on 5432; the tests make their own.
    mkdir -p /etc/postgresql-common
    [ -f /etc/postgresql-common/createcluster.conf ] || echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  fi
  flock -u 9
  bindir >/dev/null || { echo "pgstack: install finished but initdb/pg_ctl are still missing" >&2; exit 1; }
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

running() { [ -f "$DATA/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

start() {
  BIN=$(bindir) || { echo "pgstack: PostgreSQL is not installed; run 'sudo bash scripts/test-deps.sh' (or '$0 install') first" >&2; exit 1; }
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$ROOT"; chmod 755 "$ROOT"; fi
  if [ ! -f "$DATA/PG_VERSION" ]; then
    as_owner "$BIN/initdb" -D "$DATA" -U "$DB" --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$ROOT/initdb.log" 2>&1 \
      || { echo "pgstack: initdb failed; see $ROOT/initdb.log" >&2; tail -5 "$ROOT/initdb.log" >&2; exit 1; }
    as_owner tee -a "$DATA/postgresql.conf" >/dev/null <<EOF
# written by scripts/pgstack.sh
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$ROOT'
fsync = $FSYNC
full_page_writes = $FSYNC
synchronous_commit = on
max_connections = ${PGSTACK_MAX_CONNECTIONS:-100}
shared_buffers = 32MB
log_min_messages = warning
EOF
  fi
  if ! running; then
    if port_open "$PORT"; then echo "pgstack: port $PORT is already in use by something else" >&2; exit 1; fi
    as_owner "$BIN/pg_ctl" -D "$DATA" -l "$ROOT/postgres.log" -w -t 60 start >/dev/null \
      || { echo "pgstack: postgres failed to start; see $ROOT/postgres.log" >&2; tail -5 "$ROOT/postgres.log" >&2; exit 1; }
  fi
  if ! as_owner "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U "$DB" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
    as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$DB" "$DB"
  fi
  echo "$URL"
}

stop() {
  BIN=$(bindir) || exit 0
  if running; then as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null; fi
  echo "pgstack stopped ($ROOT)"
}

case "$cmd" in
  install) install_packages ;;
  start) start ;;
  stop) stop ;;
  status) BIN=$(bindir) || exit 3; if running; then echo "running: $URL"; else echo "not running"; exit 3; fi ;;
  url) echo "$URL" ;;
esac
