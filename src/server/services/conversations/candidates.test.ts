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
});
