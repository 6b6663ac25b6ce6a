#!/usr/bin/env bash
# A private, throw-away PostgreSQL 15 cluster for the readers' tests (decision 029), run as root:
#
#   bash scripts/test-postgres.sh start            prints TEST_DATABASE_URL=... and the stop command
#   bash scripts/test-postgres.sh stop DIR         stops the cluster started in DIR and removes DIR
#   bash scripts/test-postgres.sh run CMD [ARG..]  starts one, runs CMD with TEST_DATABASE_URL set, stops it
#
# The cluster lives in a new folder under /tmp, belongs to the `postgres` user (initdb refuses root),
# and listens on a Unix socket in that folder only (listen_addresses=''): no TCP port is opened, so
# it can neither collide with nor be reached from another service on the machine. Trust
# authentication is safe for the same reason: only local users who can open the socket reach it.
set -euo pipefail
# runuser lives in /usr/sbin, which a minimal PATH (CI runs with /usr/bin:/bin) leaves out.
export PATH="$PATH:/usr/sbin:/sbin"

bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
port=5432 # names the socket file (.s.PGSQL.5432) inside the private folder; no TCP port is used
database=readers_test

as_postgres() { runuser -u postgres -- "$@"; }

start() {
  if [ "$(id -u)" != 0 ]; then
    echo "test-postgres.sh: run as root (it starts the cluster as the postgres user)" >&2
    exit 1
  fi
  if [ ! -x "$bin/initdb" ]; then
    echo "test-postgres.sh: no PostgreSQL in $bin (apt-get install postgresql-15, or set PG_BIN)" >&2
    exit 1
  fi
  dir=$(mktemp -d /tmp/ea-pg.XXXXXX)
  chown postgres:postgres "$dir"
  chmod 700 "$dir"
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  # fsync off: a test cluster that dies is thrown away, and it makes every commit much faster.
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-k $dir -p $port -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null ||
    { cat "$dir/server.log" >&2; exit 1; }
  as_postgres "$bin/createdb" -h "$dir" -p "$port" -U postgres "$database"
  # The host in the URL is a placeholder; the host parameter (the socket folder) is where pg connects.
  url="postgres://postgres@localhost/$database?host=$dir&port=$port"
}

stop() {
  local target=$1
  case "$target" in
    /tmp/ea-pg.*) ;;
    *) echo "test-postgres.sh: $target is not a folder this script made" >&2; exit 1 ;;
  esac
  if [ -d "$target/data" ]; then as_postgres "$bin/pg_ctl" -D "$target/data" -m fast -w stop >/dev/null || true; fi
  rm -rf "$target"
}

case "${1:-start}" in
  start)
    start
    echo "TEST_DATABASE_URL='$url'"
    echo "# stop with: bash scripts/test-postgres.sh stop $dir"
    ;;
  stop)
    stop "${2:?usage: test-postgres.sh stop DIR}"
    ;;
  run)
    shift
    [ $# -gt 0 ] || { echo "usage: test-postgres.sh run CMD [ARG...]" >&2; exit 2; }
    start
    trap 'stop "$dir"' EXIT
    TEST_DATABASE_URL=$url "$@"
    ;;
  *)
    echo "usage: test-postgres.sh [start | stop DIR | run CMD [ARG...]]" >&2
    exit 2
    ;;
esac
