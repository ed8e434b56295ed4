import { Resolver } from 'node:dns/promises';
import { domainOfAddress, isDomainName } from '../../contract/domain-name';
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
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

export type DnsSettings = { servers?: string[]; timeoutMs: number };

export const INVALID_DOMAIN = 'Invalid domain: enter a domain name such as example.com';
export const NO_DOMAIN =
  'No domain to check: your address has no internet domain and MAIL_DOMAIN is not set. Enter the domain you send from.';

/**
 * The domain to check (docs/product.md §9): the one asked for, else the sender address's, else
 * MAIL_DOMAIN. Local and SMTP senders sign in as you@localhost, so their sending domain is MAIL_DOMAIN
 * or one they type; a name that is not an internet domain is refused here, before any lookup.
 */
export function domainToCheck(
  requested: string | undefined,
  senderEmail: string | null,
  mailDomain: string | undefined,
): string {
  if (requested !== undefined) {
    const domain = requested.trim().toLowerCase().replace(/\.$/, '');
    if (!isDomainName(domain)) throw new AppError('bad_request', INVALID_DOMAIN);
    return domain;
  }
  const fallback = defaultDnsDomain(senderEmail, mailDomain);
  if (!fallback) throw new AppError('bad_request', NO_DOMAIN);
  return fallback;
}

/** The domain checked when none is asked for: the sender address's, else MAIL_DOMAIN, else null. */
export function defaultDnsDomain(senderEmail: string | null, mailDomain: string | undefined): string | null {
  const fallback = domainOfAddress(senderEmail) ?? mailDomain?.trim().toLowerCase();
  return fallback && isDomainName(fallback) ? fallback : null;
}

/**
 * Looks up what mailbox providers check before trusting bulk mail from a domain: an SPF
 * record at the domain, a DKIM key at a known selector, and a DMARC policy at _dmarc, and
 * judges each as receivers would (see dns-records.ts), with a reason for the user.
 */
export async function checkDnsRecords(
  domain: string,
  settings: DnsSettings,
  now: () => Date,
): Promise<DnsCheckResult> {
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
    domain,
    checkedAt: now().toISOString(),
    spf: checks.spf.status === 'pass',
    dkim: checks.dkim.status === 'pass',
    dmarc: checks.dmarc.status === 'pass',
    checks,
    details: { spfRecords, dkimRecords: dkimKeyRecords(dkimFound), dmarcRecords },
  };
}
