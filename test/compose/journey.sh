#!/usr/bin/env bash
# The self-hosting journey (docs/self-hosting.md) as CI runs it: builds the image from the
# Containerfile users build, brings deploy/compose.yaml up with Podman, signs in, sends a campaign
# to a private Postfix, restarts the stack and finds everything still there (test/compose/journey.ts).
# Needs root, Debian's podman, runc, podman-compose and mmdebstrap (installed when missing), postfix
# (.ci/run installs it) and npm ci done.
#   test/compose/journey.sh [--prepare-only]
# --prepare-only stops after installing and making the two base images, mostly downloads, which
# CI does beside npm test; the image build and the journey itself need the CPU and come after it.
#
# The machine may be unable to pull from a container registry, so the two images the files name
# are made here from Debian's packages and stored under those names, in a container store of the
# journey's own (never the machine's): debian:trixie-slim as a minimal root filesystem
# (docs/decisions/0013-container-base-built-with-mmdebstrap.md), postgres:17 as Debian's
# postgresql-17 behind the official image's start-up contract (test/compose/postgres).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v podman >/dev/null || ! command -v podman-compose >/dev/null || ! command -v mmdebstrap >/dev/null \
  || ! command -v runc >/dev/null; then
  added_policy_rc=false
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    # invoke-rc.d asks policy-rc.d before starting a service: 101 means "not allowed".
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    added_policy_rc=true
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y podman runc podman-compose mmdebstrap uidmap
  if [ "$added_policy_rc" = true ]; then rm -f /usr/sbin/policy-rc.d; fi
fi

store="${JOURNEY_CONTAINER_STORE:-/var/lib/tailor-journey/containers}"
mkdir -p "$store"
export CONTAINERS_CONF="$PWD/test/compose/containers.conf"
export CONTAINERS_STORAGE_CONF="$store/storage.conf"
cat >"$CONTAINERS_STORAGE_CONF" <<EOF
[storage]
driver = "overlay"
graphroot = "$store/graph"
runroot = "$store/run"
EOF
# Podman keeps HEALTHCHECK only in Docker's image format.
export BUILDAH_FORMAT=docker
# Behind a proxy that inspects TLS, the build's downloads need the CAs this machine added.
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  EXTRA_CA_CERTS="$(cat /usr/local/share/ca-certificates/*.crt)"
  export EXTRA_CA_CERTS
fi

# Earlier builds' layers serve as a cache for a day, then go: a CI machine that keeps the store
# does not fill its disk.
podman image prune --force --filter until=24h >/dev/null

mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
seconds() { date +%s.%N; }
t0="$(seconds)"

# The base image, remade once a week so Debian's security updates reach the build.
base=docker.io/library/debian:trixie-slim
if [ -z "$(podman images --quiet --filter "reference=$base" --filter until=168h)" ] \
  && [ -n "$(podman images --quiet --filter "reference=$base")" ]; then
  echo "== $base is fresh (under a week old)"
else
  echo "== making $base with mmdebstrap"
  rootfs="$(mktemp --suffix=.tar)"
  trap 'rm -f "$rootfs"' EXIT
  # The official slim image leaves out manuals, documentation and translations; so does this.
  mmdebstrap --quiet --variant=minbase \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*' \
    trixie "$rootfs" "$mirror"
  podman import --quiet --change 'CMD ["bash"]' "$rootfs" "$base" >/dev/null
  rm -f "$rootfs"
  trap - EXIT
fi
t_base="$(seconds)"

echo "== building the PostgreSQL stand-in as docker.io/library/postgres:17 (its layers are cached)"
podman build --quiet --tag docker.io/library/postgres:17 test/compose/postgres >/dev/null
t_pg="$(seconds)"

awk -v a="$t0" -v b="$t_base" -v c="$t_pg" 'BEGIN { printf "base image %.0f s, PostgreSQL stand-in %.0f s\n", b - a, c - b }'
[ "${1:-}" = "--prepare-only" ] && exit 0
exec npx tsx test/compose/journey.ts
