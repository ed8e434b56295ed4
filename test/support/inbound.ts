import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/server/db/client';
import { createCampaign, createRecipientWithEmail } from './factories';

/** A message of the hand-written corpus in test/fixtures/inbound, as raw bytes. */
export const inboundFixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '../fixtures/inbound', `${name}.eml`));

/**
 * A campaign with the two sent emails the corpus answers: to Bob (tailor.123.abc, which the
 * replies, the hard bounces and the out-of-office quote) and to Carol (tailor.124.def, which the
 * delay report quotes).
 */
export async function sentEmailsTheCorpusAnswers(db: Db, userId: number, sentAt: Date) {
  const campaign = await createCampaign(db, userId);
  const sent = { status: 'sent' as const, sentAt };
  const bob = await createRecipientWithEmail(db, campaign, {
    ...sent,
    email: 'bob@martin-sons.example',
    messageId: '<tailor.123.abc@mail.example.com>',
  });
  const carol = await createRecipientWithEmail(db, campaign, {
    ...sent,
    email: 'carol@brightfield.example',
    messageId: '<tailor.124.def@mail.example.com>',
  });
  return { campaign, bob: bob.email.id, carol: carol.email.id };
}

let requests = 0;

/** A person's request written from the List-Unsubscribe mailto: a new message, quoting nothing of ours. */
export function emailedRequest(from: string, to: string, subject: string, body = '') {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <req-${++requests}@reader.example>`,
    'Date: Wed, 2 Dec 2026 11:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

/** A person's plain-text answer to alice@example.com about one of the emails sentEmailsTheCorpusAnswers made. */
export function personAnswer(opts: { from: string; inReplyTo: string; id: string; body: string }) {
  return [
    `From: ${opts.from}`,
    'To: alice@example.com',
    'Subject: Re: Quick question',
    `Message-ID: <${opts.id}@reader.example>`,
    `In-Reply-To: <${opts.inReplyTo}>`,
    'Date: Mon, 30 Nov 2026 15:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.body,
    '',
  ].join('\r\n');
}
