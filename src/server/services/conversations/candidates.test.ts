import { describe, expect, it } from 'vitest';
import type { SentEmailMatch } from '../../queries/inbound-messages';
import { candidatesAmong, type SentEmailLookup } from './candidates';

const OURS = 'sent.1@tailor.example';
/** A lookup that knows one sent email, and records what it was asked. */
function lookupKnowing(asked: string[][]): SentEmailLookup {
  return async (ids) => {
    asked.push(ids);
    return ids.includes(OURS) ? [{ messageId: OURS } as SentEmailMatch] : [];
  };
}

const message = (name: string, headers: Record<string, string>) => ({
  name,
  headers: Object.entries(headers).map(([n, value]) => ({ name: n, value })),
});

describe('candidatesAmong', () => {
  it('keeps what may be about our emails from the headers alone, and leaves the rest unread', async () => {
    const messages = [
      message('reply to ours', { From: 'Ava <ava@example.org>', 'In-Reply-To': `<${OURS}>` }),
      message('reply in references', { From: 'a@example.org', References: `<x@y>\r\n <${OURS}>` }),
      message('reply to someone else', { From: 'b@example.org', 'In-Reply-To': '<other@example.org>' }),
      message('daemon', { From: 'MAILER-DAEMON@mx.example.org', Subject: 'Undelivered Mail' }),
      message('encoded system name', {
        From: '=?utf-8?q?Mail_Delivery_System?= <notices@mx.example.org>',
      }),
      message('report', {
        From: 'x@example.org',
        'Content-Type': 'multipart/report; report-type=delivery-status',
      }),
      message('failed recipients', { From: 'x@example.org', 'X-Failed-Recipients': 'c@example.org' }),
      message('unsubscribe subject', { From: 'd@example.org', Subject: 'Re: Unsubscribe' }),
      message('encoded unsubscribe', { From: 'd@example.org', Subject: '=?utf-8?B?dW5zdWJzY3JpYmU=?=' }),
      message('newsletter', { From: 'News <news@letters.example>', Subject: 'Delivery of your order' }),
      message('person named delivery', { From: 'Pat Delivery <pat@example.org>', Subject: 'Hi' }),
      message('in our thread', { From: 'e@example.org', Subject: 'Re: Hello' }),
    ];
    const asked: string[][] = [];
    const kept = await candidatesAmong(lookupKnowing(asked), messages, (m) => m.name === 'in our thread');
    expect(kept.map((m) => m.name)).toEqual([
      'reply to ours',
      'reply in references',
      'daemon',
      'encoded system name',
      'report',
      'failed recipients',
      'unsubscribe subject',
      'encoded unsubscribe',
      'in our thread',
    ]);
    // One question for the whole batch, with every id the headers refer to.
    expect(asked).toEqual([[OURS, 'x@y', OURS, 'other@example.org']]);
  });

  it('asks the body check only about unmarked mail that is not bulk, and keeps what it finds', async () => {
    const messages = [
      message('reply to ours', { From: 'a@example.org', 'In-Reply-To': `<${OURS}>` }),
      message('request in the body', { From: 'r@example.org', Subject: 'Hello' }),
      message('ordinary', { From: 'o@example.org', Subject: 'Lunch?' }),
      message('newsletter', {
        From: 'news@letters.example',
        'List-Unsubscribe': '<mailto:u@letters.example>',
      }),
      message('list', { From: 'l@lists.example', 'List-ID': '<gardening.lists.example>' }),
    ];
    const askedAbout: string[] = [];
    const kept = await candidatesAmong(lookupKnowing([]), messages, undefined, (rest) => {
      askedAbout.push(...rest.map((m) => m.name));
      // As a provider's body search would answer: the newsletters say "unsubscribe" too.
      return rest.filter((m) => m.name !== 'ordinary');
    });
    expect(askedAbout).toEqual(['request in the body', 'ordinary']);
    expect(kept.map((m) => m.name)).toEqual(['reply to ours', 'request in the body']);
  });

  it('makes no body check when every message is marked or bulk', async () => {
    let asked = false;
    const kept = await candidatesAmong(
      lookupKnowing([]),
      [message('daemon', { From: 'MAILER-DAEMON@mx.example.org' }), message('bulk', { 'List-Id': '<x>' })],
      undefined,
      () => {
        asked = true;
        return [];
      },
    );
    expect(kept.map((m) => m.name)).toEqual(['daemon']);
    expect(asked).toBe(false);
  });
});
