#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, in a directory of its own, on a free loopback port.
#
#   .ci/postgres.sh start DIR   installs Debian's postgresql if missing, starts a cluster in DIR
#                               and prints its URL (for MEMREVISE_TEST_POSTGRES)
#   .ci/postgres.sh stop DIR    stops that cluster and removes DIR
#
# The cluster runs as the calling user, or as the postgres user when called as root.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
action=$1
dir=$2

sudo=""
owner=()
if [ "$(id -u)" -eq 0 ]; then
  owner=(runuser -u postgres --)
else
  sudo="sudo"
fi

bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

case $action in
start)
  if [ -z "$(bin_dir)" ]; then
    $sudo apt-get update >&2
    $sudo env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y --no-install-recommends postgresql >&2
  fi
  bin=$(bin_dir)
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p "$dir"
  if [ ${#owner[@]} -gt 0 ]; then chown postgres: "$dir"; fi
  "${owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 \
    --locale=C.UTF-8 >"$dir/initdb.log"
  "${owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200" start >&2
  "${owner[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres memrevise_test
  echo "postgresql://postgres@127.0.0.1:$port/memrevise_test"
  ;;
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then
    "${owner[@]}" "$(bin_dir)/pg_ctl" -D "$dir/data" -m fast -w stop >&2
  fi
  rm -rf "$dir"
  ;;
*)
  usage
  ;;
esac
