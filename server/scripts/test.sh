#!/usr/bin/env bash
# The server's tests: the whole suite on a throwaway PostgreSQL and on the embedded PGlite, then
# the integrity check of both.
# Usage: scripts/test.sh [test files…] (default: every test/**/*.test.ts; with files, both runs take them).
# Needs PostgreSQL's binaries (Debian: apt-get install postgresql; or set PG_BIN). As root, the
# database runs as the `postgres` user, which initdb requires.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [[ ! -x "$PG_BIN/initdb" ]]; then
  echo "PostgreSQL binaries not found: apt-get install postgresql, or set PG_BIN" >&2
  exit 1
fi
as_db_owner() { if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

work=$(mktemp -d)
[[ $(id -u) == 0 ]] && chown postgres "$work"
# The compiled test files (scripts/buildTests.mjs): inside server/, where node finds the packages.
built=.test-build/$$
stop() {
  as_db_owner "$PG_BIN/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work" "$built"
}
trap stop EXIT

port=55432
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

as_db_owner "$PG_BIN/initdb" -D "$work/pg" -U postgres -A trust --no-sync >/dev/null
as_db_owner "$PG_BIN/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null || { cat "$work/pg.log" >&2; exit 1; }
as_db_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres yuezi_test

tests=("$@")
if [[ $# -eq 0 ]]; then
  shopt -s globstar
  tests=(test/**/*.test.ts)
fi
# Compiled once for both engines; failures' stack traces still name the TypeScript sources.
node scripts/buildTests.mjs "$built" "${tests[@]}"
compiled=()
for test in "${tests[@]}"; do compiled+=("$built/${test%.ts}.js"); done

# Both engines at once, one a core: the whole suite on PostgreSQL (files side by side, as instances
# share it), and on the embedded PGlite one file after another on one folder, as a server restarted
# on the same data opens it. Then PostgreSQL's checker (amcheck) on both databases.
# The fuzz (test/fuzz.test.ts) shares its cases out between the engines, each from a seed of its
# own: together they try FUZZ_CASES (10,000) once, instead of the same cases twice.
fuzz_cases=$(( ${FUZZ_CASES:-10000} / 2 ))
fuzz_seed=${FUZZ_SEED:-20261122}
pg_url="postgresql://postgres@127.0.0.1:$port/yuezi_test"
DATABASE_URL="$pg_url" SEED=1 DATA_DIR="$work/data-pg" FUZZ_CASES=$fuzz_cases FUZZ_SEED=$fuzz_seed \
  node --enable-source-maps --test "${compiled[@]}" >"$work/pg.out" 2>&1 &
pg_run=$!
env -u DATABASE_URL DATA_DIR="$work/data-pglite" FUZZ_CASES=$fuzz_cases FUZZ_SEED=$((fuzz_seed + 1)) \
  node --enable-source-maps --test --test-concurrency=1 "${compiled[@]}" >"$work/pglite.out" 2>&1 &
pglite_run=$!
status=0
wait $pg_run || status=1
echo "== PostgreSQL (port $port)"
cat "$work/pg.out"
wait $pglite_run || status=1
echo "== PGlite (one folder, file after file)"
cat "$work/pglite.out"

echo "== Integrity of both databases"
DATABASE_URL="$pg_url" node --import tsx scripts/check.ts || status=1
env -u DATABASE_URL DATA_DIR="$work/data-pglite" node --import tsx scripts/check.ts || status=1
exit $status
