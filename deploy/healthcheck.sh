#!/bin/bash
# The image's HEALTHCHECK: healthy when the process answers /healthz with 200, on PORT (the web
# and all roles) or on METRICS_PORT (a worker serves HTTP only there). Bash's /dev/tcp speaks the
# one request, so a check costs a few milliseconds and no package (no curl) is added for it.
for port in "${PORT:-5000}" ${METRICS_PORT:+"$METRICS_PORT"}; do
  status="$(timeout 5 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n" >&3
    head -n 1 <&3' _ "$port" 2>/dev/null)"
  case "$status" in "HTTP/1."?" 200"*) exit 0 ;; esac
done
echo "no 200 from /healthz on port ${PORT:-5000}${METRICS_PORT:+ or $METRICS_PORT}" >&2
exit 1
