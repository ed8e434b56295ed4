import { Resolver } from 'node:dns/promises';
import type { DnsCheckResult } from '../../contract/settings';
import { AppError } from '../errors';
import {
  dkimKeyRecords,
  dkimVerdict,
  dmarcVerdict,
  isDmarcRecord,
  isSpfRecord,
  spfVerdict,
} from './dns-records';

/** Google's and Microsoft's DKIM selectors, then common ones of other senders. */
const DKIM_SELECTORS = ['google', 'selector1', 'selector2', 'default', 'k1', 's1', 's2', 'dkim', 'mail'];
const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i;
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

export type DnsSettings = { servers?: string[]; timeoutMs: number };

/**
 * Looks up what mailbox providers check before trusting bulk mail from a domain: an SPF
 * record at the domain, a DKIM key at a known selector, and a DMARC policy at _dmarc, and
 * judges each as receivers would (see dns-records.ts), with a reason for the user.
 */
export async function checkDnsRecords(domainInput: string, settings: DnsSettings): Promise<DnsCheckResult> {
  const domain = domainInput.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN.test(domain)) throw new AppError('bad_request', 'Invalid domain');
  const resolver = new Resolver({ timeout: settings.timeoutMs, tries: 2 });
  if (settings.servers?.length) resolver.setServers(settings.servers);

  const txt = async (name: string) => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (err) {
      if (NOT_FOUND.has((err as NodeJS.ErrnoException).code ?? '')) return [];
      throw new AppError('upstream_failed', `DNS lookup failed for ${name}`);
    }
  };

  const [domainTxt, dmarcTxt, ...dkimTxt] = await Promise.all([
    txt(domain),
    txt(`_dmarc.${domain}`),
    ...DKIM_SELECTORS.map((selector) => txt(`${selector}._domainkey.${domain}`)),
  ]);
  const spfRecords = domainTxt!.filter(isSpfRecord);
  const dmarcRecords = dmarcTxt!.filter(isDmarcRecord);
  const dkimFound = dkimTxt.flatMap((records, i) =>
    records.map((record) => ({ selector: DKIM_SELECTORS[i]!, record })),
  );
  const checks = {
    spf: spfVerdict(spfRecords),
    dkim: dkimVerdict(dkimFound),
    dmarc: dmarcVerdict(dmarcRecords),
  };
  return {
    spf: checks.spf.status === 'pass',
    dkim: checks.dkim.status === 'pass',
    dmarc: checks.dmarc.status === 'pass',
    checks,
    details: { spfRecords, dkimRecords: dkimKeyRecords(dkimFound), dmarcRecords },
  };
}
