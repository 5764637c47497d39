#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster in a temporary folder on a free loopback port and prints its URL.
# Usage: eval "$(scripts/pg-throwaway.sh start)"  ...  scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"
set -euo pipefail
cmd=${1:-start}
if [ "$cmd" = stop ]; then
  dir=$2
  runuser -u postgres -- pg_ctl -D "$dir/data" -m immediate stop >/dev/null 2>&1 || pg_ctl -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
dir=$(mktemp -d /tmp/pg-throwaway.XXXXXX)
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
"${as_pg[@]}" initdb -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1
"${as_pg[@]}" pg_ctl -D "$dir/data" -l "$dir/server.log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >/dev/null
echo "export PG_THROWAWAY_DIR=$dir"
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
