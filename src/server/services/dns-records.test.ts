import { describe, expect, it } from 'vitest';
import {
  dkimKeyRecords,
  dkimKeyState,
  dkimVerdict,
  dmarcVerdict,
  isDmarcRecord,
  isSpfRecord,
  parseTagList,
  spfVerdict,
} from './dns-records';

describe('parseTagList (RFC 6376 §3.2)', () => {
  it('reads tag=value pairs with whitespace around names, "=" and values', () => {
    expect(parseTagList(' v = DKIM1 ;k=rsa;\tp = MIIB AQAB ')).toEqual(
      new Map([
        ['v', 'DKIM1'],
        ['k', 'rsa'],
        ['p', 'MIIB AQAB'],
      ]),
    );
  });

  it('accepts one trailing ";" and empty values', () => {
    expect(parseTagList('v=DKIM1; p=;')).toEqual(
      new Map([
        ['v', 'DKIM1'],
        ['p', ''],
      ]),
    );
    expect(parseTagList('v=DKIM1; p= ; ')).toEqual(
      new Map([
        ['v', 'DKIM1'],
        ['p', ''],
      ]),
    );
  });

  it('keeps "=" inside a value as part of it', () => {
    expect(parseTagList('n=p=; p=MIIB')?.get('n')).toBe('p=');
    expect(parseTagList('rua=mailto:a@b.example?x=1; p=none')?.get('rua')).toBe('mailto:a@b.example?x=1');
  });

  it('treats tag names case-sensitively', () => {
    expect(parseTagList('P=abc')?.has('p')).toBe(false);
  });

  it('rejects what is not a tag-list', () => {
    for (const record of [
      '',
      'hello',
      'v=DKIM1; k=rsa; hello',
      'v=DKIM1;; p=abc',
      '1v=DKIM1',
      'a-b=1',
      '=value',
      'p=abc; p=def',
      'n=caf\u00e9',
    ]) {
      expect(parseTagList(record), record).toBeNull();
    }
  });
});

describe('isSpfRecord (RFC 7208 §4.5)', () => {
  it('takes "v=spf1" followed by a space or the end, in any case', () => {
    expect(isSpfRecord('v=spf1 include:_spf.google.com ~all')).toBe(true);
    expect(isSpfRecord('V=SPF1 -all')).toBe(true);
    expect(isSpfRecord('v=spf1')).toBe(true);
  });

  it('leaves out other versions and text', () => {
    for (const record of ['v=spf10 -all', 'v=spf1-all', 'v=spf2 nonsense', ' v=spf1 -all', 'spf1']) {
      expect(isSpfRecord(record), record).toBe(false);
    }
  });
});

describe('spfVerdict', () => {
  it('passes exactly one record', () => {
    expect(spfVerdict(['v=spf1 -all']).status).toBe('pass');
  });

  it('reports none as missing', () => {
    expect(spfVerdict([])).toEqual({ status: 'missing', reason: 'No SPF record' });
  });

  it('reports two or more as a permanent error', () => {
    expect(spfVerdict(['v=spf1 -all', 'v=spf1 include:_spf.google.com ~all'])).toEqual({
      status: 'invalid',
      reason: '2 SPF records found: a domain must publish exactly one (RFC 7208 §4.5)',
    });
  });
});

describe('dkimKeyState (RFC 6376 §3.6.1)', () => {
  it('finds usable keys, with or without v=', () => {
    expect(dkimKeyState('v=DKIM1; k=rsa; p=MIIBIjAN')).toBe('usable');
    expect(dkimKeyState('k=rsa; p=MIIBIjAN')).toBe('usable');
  });

  it('reads an empty p= as a revoked key, whatever the spacing', () => {
    for (const record of ['v=DKIM1; k=rsa; p=', 'v=DKIM1; k=rsa; p= ;', 'v=DKIM1; p = ', 'p=']) {
      expect(dkimKeyState(record), record).toBe('revoked');
    }
  });

  it('does not mistake "p=" inside another tag for the key', () => {
    expect(dkimKeyState('v=DKIM1; n=p=; p=MIIB')).toBe('usable');
    expect(dkimKeyState('v=DKIM1; n=use p= here')).toBe('no-key');
  });

  it('discards records of another version and text that is not a key record', () => {
    for (const record of ['v=DKIM2; p=MIIB', 'hello', 'k=rsa', 'v=dkim1; p=MIIB']) {
      expect(dkimKeyState(record), record).toBeNull();
    }
  });
});

describe('dkimVerdict', () => {
  const usable = { selector: 'selector1', record: 'v=DKIM1; k=rsa; p=MIIBIjAN' };
  const revoked = { selector: 'google', record: 'v=DKIM1; k=rsa; p=' };

  it('passes when one selector has a usable key, even if another is revoked', () => {
    expect(dkimVerdict([revoked, usable])).toEqual({
      status: 'pass',
      reason: 'Key found at selector selector1',
    });
  });

  it('fails naming each revoked selector when no key is usable', () => {
    expect(dkimVerdict([revoked])).toEqual({
      status: 'invalid',
      reason: 'Key at selector google is revoked (empty p=)',
    });
    expect(dkimVerdict([revoked, { selector: 's1', record: 'v=DKIM1; k=rsa' }]).reason).toBe(
      'Key at selector google is revoked (empty p=); key record at selector s1 has no p= tag',
    );
  });

  it('reports missing when no record is a DKIM key', () => {
    expect(dkimVerdict([{ selector: 'google', record: 'hello' }]).status).toBe('missing');
    expect(dkimVerdict([]).status).toBe('missing');
  });

  it('lists the key records found, revoked ones included', () => {
    expect(dkimKeyRecords([revoked, { selector: 'k1', record: 'hello' }, usable])).toEqual([
      'google: v=DKIM1; k=rsa; p=',
      'selector1: v=DKIM1; k=rsa; p=MIIBIjAN',
    ]);
  });
});

describe('isDmarcRecord (RFC 7489 §6.4)', () => {
  it('takes records starting with v=DMARC1, then ";" or the end, whitespace allowed', () => {
    for (const record of ['v=DMARC1; p=none', 'v = DMARC1 ; p=none', 'V=DMARC1;p=reject', 'v=DMARC1']) {
      expect(isDmarcRecord(record), record).toBe(true);
    }
  });

  it('leaves out other versions and records that do not start with v=', () => {
    for (const record of ['v=DMARC2; p=none', 'v=DMARC10; p=none', 'p=none; v=DMARC1', 'v=dmarc1; p=none']) {
      expect(isDmarcRecord(record), record).toBe(false);
    }
  });
});

describe('dmarcVerdict (RFC 7489 §6.6.3)', () => {
  it('passes one record with a valid policy', () => {
    expect(dmarcVerdict(['v=DMARC1; p=quarantine; rua=mailto:d@example.com'])).toEqual({
      status: 'pass',
      reason: 'DMARC policy p=quarantine',
    });
    expect(dmarcVerdict(['v=DMARC1;p=Reject']).status).toBe('pass');
  });

  it('reports none as missing', () => {
    expect(dmarcVerdict([])).toEqual({ status: 'missing', reason: 'No DMARC record' });
  });

  it('fails two records: receivers then apply no policy', () => {
    expect(dmarcVerdict(['v=DMARC1; p=none', 'v=DMARC1; p=reject'])).toEqual({
      status: 'invalid',
      reason: '2 DMARC records found: receivers then apply no policy (RFC 7489 §6.6.3)',
    });
  });

  it('fails a record without a valid p= policy', () => {
    for (const record of [
      'v=DMARC1; rua=mailto:d@example.com',
      'v=DMARC1; p=block',
      'v=DMARC1; p=',
      'v=DMARC1',
    ]) {
      expect(dmarcVerdict([record]), record).toEqual({
        status: 'invalid',
        reason: 'DMARC record has no valid p= policy',
      });
    }
  });
});
