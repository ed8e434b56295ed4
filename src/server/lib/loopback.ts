/** True for hostnames that only reach this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** True for a socket's remote address on the loopback interface (IPv4-mapped too). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/**
 * True for a request made on this machine straight to us: a loopback socket and no proxy
 * headers (a reverse proxy on the same host would otherwise make every visitor look local).
 */
export function isDirectLoopbackRequest(request: {
  socket: { remoteAddress?: string };
  headers: Record<string, unknown>;
}): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && isLoopbackAddress(request.socket.remoteAddress);
}
