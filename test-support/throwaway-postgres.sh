#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, on a free loopback port, trust auth, no fsync.
#   . test-support/throwaway-postgres.sh   # starts it, exports TEST_DATABASE_URL, stops it on exit
# PostgreSQL refuses to run as root: as root, initdb and postgres run as the postgres user.
pg_bin="$( (ls -d /usr/lib/postgresql/*/bin 2>/dev/null || true) | sort -V | tail -1)"
if [ -z "$pg_bin" ] && command -v pg_ctl >/dev/null; then pg_bin="$(dirname "$(command -v pg_ctl)")"; fi
if [ -z "$pg_bin" ]; then
  echo "throwaway-postgres: no PostgreSQL found (apt-get install postgresql)" >&2
  return 1 2>/dev/null || exit 1
fi
_tpg_dir="$(mktemp -d /tmp/tedx-pg.XXXXXX)"
_tpg_port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
_tpg_as() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$_tpg_dir"
_tpg_as "$pg_bin/initdb" -D "$_tpg_dir/data" -A trust -U postgres --no-sync -E UTF8 >"$_tpg_dir/initdb.log" 2>&1 \
  || { cat "$_tpg_dir/initdb.log" >&2; return 1 2>/dev/null || exit 1; }
_tpg_as "$pg_bin/pg_ctl" -D "$_tpg_dir/data" -l "$_tpg_dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $_tpg_port -k $_tpg_dir -c fsync=off -c max_connections=200" start >/dev/null \
  || { cat "$_tpg_dir/server.log" >&2; return 1 2>/dev/null || exit 1; }
stop_throwaway_postgres() {
  _tpg_as "$pg_bin/pg_ctl" -D "$_tpg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$_tpg_dir"
}
trap stop_throwaway_postgres EXIT
export TEST_DATABASE_URL="postgresql://postgres@127.0.0.1:$_tpg_port/postgres"
echo "throwaway PostgreSQL at $TEST_DATABASE_URL" >&2
