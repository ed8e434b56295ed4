import type { DnsCheckVerdict } from '../../contract/settings';

/**
 * Verdicts on the SPF, DKIM and DMARC TXT records of a domain, as receivers reach them under the RFCs.
 * Pure functions over already-resolved TXT strings (character-strings joined), so they test without DNS.
 */

/** One TXT string found at `<selector>._domainkey.<domain>`. */
export type DkimTxt = { selector: string; record: string };

// RFC 6376 §3.2: tag-name = ALPHA *ALNUMPUNC, where ALNUMPUNC is a letter, digit or underscore.
const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
// RFC 6376 §3.2: a tag-value is VALCHARs (printable ASCII except ";") with whitespace between them.
const TAG_VALUE = /^[\x21-\x3a\x3c-\x7e\s]*$/;
// RFC 7208 §4.5: the version section is exactly "v=spf1", ended by a space or the end of the record;
// ABNF literals are case-insensitive (RFC 5234 §2.3).
const SPF_VERSION = /^v=spf1( |$)/i;
// RFC 7489 §6.4: dmarc-version = "v" *WSP "=" *WSP %x44 %x4d %x41 %x52 %x43 %x31, then dmarc-sep
// (*WSP ";") or the end. The "DMARC1" is spelled in hex, so it is case-sensitive; the "v" is not.
const DMARC_VERSION = /^[vV][ \t]*=[ \t]*DMARC1[ \t]*(;|$)/;
const DMARC_POLICIES = new Set(['none', 'quarantine', 'reject']);

/**
 * Parses a DKIM-style tag-list (RFC 6376 §3.2), also the syntax of DMARC records (RFC 7489 §6.3):
 * `tag=value` pairs separated by ";", whitespace allowed around names and values, one optional
 * trailing ";". Returns null when the record is not a valid tag-list, including a repeated tag name,
 * which §3.2 says makes the whole list invalid.
 */
export function parseTagList(record: string): Map<string, string> | null {
  const specs = record.trim().replace(/;\s*$/, '').split(';');
  const tags = new Map<string, string>();
  for (const spec of specs) {
    const equals = spec.indexOf('=');
    if (equals < 0) return null;
    const name = spec.slice(0, equals).trim();
    const value = spec.slice(equals + 1).trim();
    if (!TAG_NAME.test(name) || !TAG_VALUE.test(value) || tags.has(name)) return null;
    tags.set(name, value);
  }
  return tags;
}

export function isSpfRecord(txt: string): boolean {
  return SPF_VERSION.test(txt);
}

export function isDmarcRecord(txt: string): boolean {
  return DMARC_VERSION.test(txt);
}

/** RFC 7208 §4.5: more than one SPF record is a permanent error (PermError), so SPF cannot pass. */
export function spfVerdict(spfRecords: string[]): DnsCheckVerdict {
  if (spfRecords.length === 0) return { status: 'missing', reason: 'No SPF record' };
  if (spfRecords.length > 1) {
    return {
      status: 'invalid',
      reason: `${spfRecords.length} SPF records found: a domain must publish exactly one (RFC 7208 §4.5)`,
    };
  }
  return { status: 'pass', reason: 'One SPF record' };
}

type DkimKeyState = 'usable' | 'revoked' | 'no-key';

/**
 * What a TXT string at a DKIM selector is: a key record (usable or revoked), a key record lacking
 * its required p= tag, or null when it is not a DKIM key record at all.
 */
export function dkimKeyState(record: string): DkimKeyState | null {
  const tags = parseTagList(record);
  if (!tags) return null;
  const version = tags.get('v');
  // RFC 6376 §3.6.1: records whose v= is anything but "DKIM1" must be discarded.
  if (version !== undefined && version !== 'DKIM1') return null;
  const key = tags.get('p');
  if (key === undefined) return version === undefined ? null : 'no-key';
  // RFC 6376 §3.6.1: "An empty value means that this public key has been revoked."
  return key.replace(/\s/g, '') === '' ? 'revoked' : 'usable';
}

/** The DKIM key records among the TXT strings, listed as "selector: record". */
export function dkimKeyRecords(found: DkimTxt[]): string[] {
  return found.filter(({ record }) => dkimKeyState(record) !== null).map(describeDkimTxt);
}

/** Pass when any selector holds a usable key; otherwise say why the keys found cannot verify mail. */
export function dkimVerdict(found: DkimTxt[]): DnsCheckVerdict {
  const selectorsIn = (state: DkimKeyState) =>
    unique(found.filter(({ record }) => dkimKeyState(record) === state).map(({ selector }) => selector));
  const usable = selectorsIn('usable');
  if (usable.length > 0) return { status: 'pass', reason: `Key found at ${selectorList(usable)}` };
  const problems = [
    ...selectorsIn('revoked').map((selector) => `key at selector ${selector} is revoked (empty p=)`),
    ...selectorsIn('no-key').map((selector) => `key record at selector ${selector} has no p= tag`),
  ];
  if (problems.length === 0) return { status: 'missing', reason: 'No DKIM key at the selectors checked' };
  return { status: 'invalid', reason: capitalize(problems.join('; ')) };
}

/**
 * RFC 7489 §6.6.3: more than one DMARC record means no policy is applied, and a record whose p= is
 * missing or not one of none/quarantine/reject (§6.3) sets no policy either.
 */
export function dmarcVerdict(dmarcRecords: string[]): DnsCheckVerdict {
  if (dmarcRecords.length === 0) return { status: 'missing', reason: 'No DMARC record' };
  if (dmarcRecords.length > 1) {
    return {
      status: 'invalid',
      reason: `${dmarcRecords.length} DMARC records found: receivers then apply no policy (RFC 7489 §6.6.3)`,
    };
  }
  const policy = dmarcPolicy(dmarcRecords[0]!);
  if (policy === null) return { status: 'invalid', reason: 'DMARC record has no valid p= policy' };
  return { status: 'pass', reason: `DMARC policy p=${policy}` };
}

/** The record's p= policy, or null. Tag names and values compare case-insensitively as ABNF literals. */
function dmarcPolicy(record: string): string | null {
  const tags = parseTagList(record);
  if (!tags) return null;
  const policy = [...tags].find(([name]) => name.toLowerCase() === 'p')?.[1].toLowerCase();
  return policy !== undefined && DMARC_POLICIES.has(policy) ? policy : null;
}

function describeDkimTxt({ selector, record }: DkimTxt): string {
  return `${selector}: ${record}`;
}

function selectorList(selectors: string[]): string {
  return `${selectors.length > 1 ? 'selectors' : 'selector'} ${selectors.join(', ')}`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
