#!/usr/bin/env bash
# Regenerates test/fixtures/upgrade/<version>.sql.gz and .json: the database a release writes.
# Checks out the release's commit in a temporary worktree, installs it, writes every kind of row
# with that release's own code (write-release-rows.ts) on a new PostgreSQL database, and dumps it
# as plain SQL that both PostgreSQL and the embedded database can replay. Needs the repository's
# history and a PostgreSQL server (FIXTURE_DATABASE_URL, else TEST_DATABASE_URL).
#   scripts/make-upgrade-fixture.sh [VERSION COMMIT]   (default: 0.1.0 2d598d9)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
VERSION="${1:-0.1.0}"
COMMIT="${2:-2d598d9}"
SERVER="${FIXTURE_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
DB="tailor_fixture_$$"
URL="${SERVER%/*}/$DB"
WORKTREE="$(mktemp -d)/release-$VERSION"
OUT="$ROOT/test/fixtures/upgrade"

cleanup() {
  psql "$SERVER" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  git -C "$ROOT" worktree remove --force "$WORKTREE" 2>/dev/null || true
}
trap cleanup EXIT

git worktree add --detach "$WORKTREE" "$COMMIT" >/dev/null
# The release's own dependencies: the current ones when its lock file is the same, else its own.
if cmp -s "$WORKTREE/package-lock.json" "$ROOT/package-lock.json"; then
  ln -s "$(readlink -f "$ROOT/node_modules")" "$WORKTREE/node_modules"
else
  (cd "$WORKTREE" && npm ci --no-audit --no-fund)
fi
cp "$ROOT/scripts/write-release-rows.ts" "$WORKTREE/scripts/"

psql "$SERVER" -qc "CREATE DATABASE $DB" >/dev/null
mkdir -p "$OUT"
(cd "$WORKTREE" && DATABASE_URL="$URL" SECRET_KEY=upgrade-fixture-secret-key-long-enough-01 \
  node --import tsx scripts/write-release-rows.ts) >"$OUT/$VERSION.json"
# In the project's JSON layout, so lint passes on the committed file.
npx biome format --write "$OUT/$VERSION.json" >/dev/null
# INSERTs rather than COPY: the embedded database replays the file as one script, not through
# psql, so pg_dump's psql-only \restrict guard lines are taken out.
pg_dump --format=plain --no-owner --no-privileges --inserts --rows-per-insert=200 "$URL" |
  sed -E '/^\\(un)?restrict /d' | gzip -9n >"$OUT/$VERSION.sql.gz"
echo "wrote $OUT/$VERSION.sql.gz ($(stat -c %s "$OUT/$VERSION.sql.gz") bytes) and $VERSION.json from $COMMIT"
