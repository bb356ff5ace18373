#!/usr/bin/env bash
# Test services for the server and browser tests: Debian's chromium, PostgreSQL
# and Redis, installed with apt-get when missing and started on loopback only.
#
# It never fails the build by itself: it writes "ok" or "failed" to
# $GALAXIS_SERVICES_STATUS (default /tmp/galaxis-services.status). Tests that need
# the services skip only when that says "failed" (or the script never ran).
set -u
STATUS="${GALAXIS_SERVICES_STATUS:-/tmp/galaxis-services.status}"
PG_PORT="${GALAXIS_PG_PORT:-5432}"
REDIS_PORT="${GALAXIS_REDIS_PORT:-6379}"

fail() {
  echo "services: $*" >&2
  echo failed >"$STATUS"
  exit 0
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi
}

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null || missing+=(redis-server)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "services: installing ${missing[*]}"
  as_root apt-get update -q >/dev/null || fail "apt-get update failed (no root or no network?)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]} failed"
fi

# Redis: in memory only, loopback only.
if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save '' --appendonly no \
    --logfile /tmp/galaxis-redis.log || fail "redis-server did not start"
  for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 || fail "redis is not answering"

# PostgreSQL: Debian's default cluster (it listens on localhost only), plus a test role.
if ! pg_isready -h 127.0.0.1 -p "$PG_PORT" -q 2>/dev/null; then
  version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
  if ! pg_lsclusters -h 2>/dev/null | grep -q "^$version main"; then
    as_root pg_createcluster "$version" main -p "$PG_PORT" >/dev/null || fail "pg_createcluster failed"
  fi
  as_root pg_ctlcluster "$version" main start || fail "PostgreSQL did not start"
  for _ in $(seq 100); do pg_isready -h 127.0.0.1 -p "$PG_PORT" -q && break; sleep 0.1; done
fi
pg_isready -h 127.0.0.1 -p "$PG_PORT" -q || fail "PostgreSQL is not answering"
as_root su postgres -c "psql -p $PG_PORT -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='galaxis'\"" | grep -q 1 \
  || as_root su postgres -c "psql -p $PG_PORT -qc \"CREATE ROLE galaxis LOGIN SUPERUSER PASSWORD 'galaxis'\"" \
  || fail "cannot create the galaxis test role"

echo ok >"$STATUS"
echo "services: chromium, PostgreSQL (127.0.0.1:$PG_PORT) and Redis (127.0.0.1:$REDIS_PORT) ready"
