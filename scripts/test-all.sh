#!/usr/bin/env bash
# `npm test`: types, lint and the build, then the unit, client and integration suites (vitest) and
# the browser suite (Playwright, on the built app) side by side. Most integration files wait on
# child processes, fakes and timers, and the browser suite drives one app through one browser, so
# on 2 cores the two together take little longer than vitest alone: the whole command took 866 s
# this way (vitest 840 s, with other work on the machine), where CI's last run one after the other
# took about 1,950 s for the same steps. The browser suite's output is printed once it ends, after
# vitest's, so the two do not interleave. The exit status is non-zero when any part failed.
set -uo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Type-checking (one core) runs beside lint and the build.
npm run --silent typecheck >"$work/typecheck.log" 2>&1 &
typecheck=$!
npm run lint && npm run build
prepared=$?
wait "$typecheck"
typechecked=$?
echo "== typecheck (exit $typechecked)"
cat "$work/typecheck.log"
if [ "$prepared" -ne 0 ] || [ "$typechecked" -ne 0 ]; then exit 1; fi

npx playwright test >"$work/e2e.log" 2>&1 &
browser=$!
npx vitest run
vitest=$?
wait "$browser"
e2e=$?
echo "== browser suite (exit $e2e)"
cat "$work/e2e.log"
echo "== vitest exit $vitest, browser suite exit $e2e"
[ "$vitest" -eq 0 ] && [ "$e2e" -eq 0 ]
