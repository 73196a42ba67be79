#!/usr/bin/env bash
# The server's tests: the whole suite against a throwaway PostgreSQL, then the files that exercise
# the database again on the embedded PGlite.
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
stop() {
  as_db_owner "$PG_BIN/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT

port=55432
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

as_db_owner "$PG_BIN/initdb" -D "$work/pg" -U postgres -A trust --no-sync >/dev/null
as_db_owner "$PG_BIN/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null || { cat "$work/pg.log" >&2; exit 1; }
as_db_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres yuezi_test

tests=("$@")
smoke=("$@")
if [[ $# -eq 0 ]]; then
  shopt -s globstar
  tests=(test/**/*.test.ts)
  # The route files that read and write the most (the PDFs read every form), and the whole-app checks of lists, access and sessions.
  smoke=(test/routes/care/account.test.ts test/routes/care/customer.test.ts test/routes/admin/uploads.test.ts
         test/routes/care/forms/formRecords.test.ts test/routes/care/forms/siteLists.test.ts
         test/routes/care/forms/stockLists.test.ts test/routes/care/productBatches.test.ts test/routes/care/outApply.test.ts
         test/routes/care/specialCare.test.ts test/routes/care/orderRoutes.test.ts test/routes/pdf.test.ts
         test/lists.test.ts test/access.test.ts test/sessions.test.ts test/audit.test.ts)
fi

echo "== PostgreSQL (port $port)"
DATABASE_URL="postgresql://postgres@127.0.0.1:$port/yuezi_test" SEED=1 DATA_DIR="$work/data-pg" \
  node --import tsx --test "${tests[@]}"

# PGlite keeps its database in one folder that only one process may open: one file at a time,
# each on a database of its own, so that what one file leaves behind never decides another.
echo "== PGlite"
status=0
for file in "${smoke[@]}"; do
  env -u DATABASE_URL DATA_DIR="$work/data-pglite-$(basename "$file" .test.ts)" \
    node --import tsx --test "$file" || status=1
done
exit $status
