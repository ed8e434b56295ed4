import dns from 'node:dns';
import type net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Webhook URLs are typed by people, so a delivery could be aimed at the server's own network: its
 * database, a cloud metadata service, a router's admin page. Only public unicast addresses are
 * reached, unless the operator lists a network (WEBHOOK_ALLOWED_NETWORKS, e.g. an automation
 * tool on the same host). The check runs on the address the connection is about to use, at each
 * attempt, so a name that resolves to a public address once and a private one later (DNS
 * rebinding) is refused too.
 */
export type AddressGuard = {
  /** Why the address may not be reached, or null when it may. */
  refusal(address: string): string | null;
  /** A `lookup` for http.request: resolves, then refuses when any address it would use is barred. */
  lookup: net.LookupFunction;
};

export class BlockedAddressError extends Error {
  code = 'WEBHOOK_ADDRESS_BLOCKED';
}

/** `10.0.0.0/8,127.0.0.1/32,fd00::/8` → parsed networks; a bad entry throws with its text. */
export function parseAllowedNetworks(list: string | undefined): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        return entry.includes('/') ? ipaddr.parseCIDR(entry) : wholeAddress(entry);
      } catch {
        throw new Error(`"${entry}" is not an IP address or network (e.g. 10.0.0.0/8)`);
      }
    });
}

function wholeAddress(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const address = ipaddr.parse(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

export function createAddressGuard(allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][]): AddressGuard {
  /** The kind of a barred address (loopback, private, linkLocal …), or null when it may be reached. */
  const barredRange = (text: string): string | null => {
    if (!ipaddr.isValid(text)) return 'unreadable';
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
    const address = ipaddr.process(text);
    if (allowed.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits)))
      return null;
    const range = address.range();
    return range === 'unicast' ? null : range;
  };
  const refusal = (text: string): string | null => {
    const range = barredRange(text);
    return range && `${text} is a ${range} address, which webhooks may not reach`;
  };
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const barred = list.find((a) => barredRange(a.address) !== null);
      if (barred) {
        const why = `${hostname} resolves to ${barred.address}, a ${barredRange(barred.address)} address, which webhooks may not reach`;
        return callback(new BlockedAddressError(why), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new BlockedAddressError(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
  return { refusal, lookup };
}
