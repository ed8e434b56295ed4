import { describe, expect, it } from 'vitest';
import { createAddressGuard, parseAllowedNetworks } from './address-guard';

describe('the webhook address guard', () => {
  const strict = createAddressGuard([]);

  it('lets public addresses through and refuses the rest, IPv4 written as IPv6 too', () => {
    for (const ok of ['93.184.216.34', '2606:4700::1111']) expect(strict.refusal(ok)).toBeNull();
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['192.168.1.1', 'private'],
      ['172.16.0.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['::1', 'loopback'],
      ['fd00::1', 'uniqueLocal'],
      ['fe80::1', 'linkLocal'],
      ['::ffff:10.0.0.1', 'private'],
    ])
      expect(strict.refusal(address!)).toBe(`${address} is a ${range} address, which webhooks may not reach`);
  });

  it('lets the operator allow networks and single addresses, and refuses a bad entry', () => {
    const guard = createAddressGuard(parseAllowedNetworks('10.0.0.0/8, 127.0.0.1,fd00::/8'));
    expect(guard.refusal('10.200.0.1')).toBeNull();
    expect(guard.refusal('127.0.0.1')).toBeNull();
    expect(guard.refusal('127.0.0.2')).not.toBeNull();
    expect(guard.refusal('fd12::1')).toBeNull();
    expect(() => parseAllowedNetworks('10.0.0.0/8,intranet')).toThrow(
      '"intranet" is not an IP address or network',
    );
  });

  it('refuses a name that resolves to a barred address, when the connection looks it up', async () => {
    const looked = await new Promise<Error | null>((resolve) =>
      strict.lookup('localhost', { family: 4 }, (err) => resolve(err)),
    );
    expect(looked?.message).toMatch(/^localhost resolves to 127\.0\.0\.1, a loopback address/);
  });
});
