// The image's HEALTHCHECK: healthy when the process answers /healthz, on PORT (the web and all
// roles) or on METRICS_PORT (a worker, which serves HTTP only there). The image has no curl; Node's
// own fetch does the job without adding a package.
const ports = [process.env.PORT || '5000', process.env.METRICS_PORT].filter(Boolean);
for (const port of ports) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
    if (res.ok) process.exit(0);
  } catch {
    // Not listening on this port (a worker's PORT): try the next one.
  }
}
console.error(`no answer from /healthz on port ${ports.join(' or ')}`);
process.exit(1);
