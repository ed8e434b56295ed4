import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  bulkAction,
  confirmWithoutPostalAddress,
  openReview,
  readyCampaign,
  toast,
} from './campaign-support';

/**
 * Where the conversations journey's mail goes out and its answers come in: the fake Gmail
 * (conversations.spec.ts), or a private Postfix and Dovecot (conversations-imap.spec.ts).
 */
export type JourneyMailbox = {
  /** The Message-ID of each copy delivered to this address so far. */
  deliveredTo(address: string): Promise<string[]>;
  /** Puts a raw RFC 5322 message into the sender's inbox. */
  deliver(raw: string): Promise<void>;
  /** How Settings' "Replies and bounces" card names the mailbox it reads. */
  shownAs: string;
};

export type JourneyPeople = { sender: string; ava: string; ben: string };

const BOUNCE = fs.readFileSync(
  path.join(import.meta.dirname, '../test/fixtures/inbound/postfix-bounce-5.1.1.eml'),
  'utf8',
);

/** A person's answer to one of our emails, threaded on its Message-ID. */
function replyTo(from: string, to: string, messageId: string) {
  return [
    `From: Ava <${from}>`,
    `To: ${to}`,
    'Subject: Re: Hello Ava',
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <answer-${Date.now()}@globex.example>`,
    `In-Reply-To: ${messageId}`,
    `References: ${messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Happy to talk next week. <b>Tuesday</b>?',
    '',
  ].join('\r\n');
}

/** Postfix's report that `recipient` does not exist (5.1.1), quoting our message's headers. */
function bounceOf(recipient: string, messageId: string) {
  return BOUNCE.replaceAll('<tailor.123.abc@mail.example.com>', messageId).replaceAll(
    'bob@martin-sons.example',
    recipient,
  );
}

/**
 * Once signed in as `sender`: a campaign to Ava and Ben sent through the UI, exactly one copy
 * delivered to each; Ava answers and Ben's address bounces for good; "Check now" in Settings reads
 * both; the review shows Replied and Bounced, Analytics the reply and bounce rates; and a new
 * campaign to Ben is skipped, with still only the one copy delivered to him.
 */
export async function replyAndBounceJourney(page: Page, mailbox: JourneyMailbox, who: JourneyPeople) {
  const { sender, ava, ben } = who;
  await readyCampaign(
    page,
    'Replies journey',
    `E-mail,First,Organisation\n${ava},Ava,Globex\n${ben},Ben,Initech\n`,
  );
  let review = await openReview(page, 'Replies journey', 2);
  await bulkAction(page, review, 'Approve all');
  await expect(toast(page, '2 emails approved.')).toBeVisible();
  await review.getByRole('button', { name: 'Send now (2)', exact: true }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send approved emails' });
  const sendAll = sendDialog.getByRole('button', { name: 'Send now', exact: true });
  await confirmWithoutPostalAddress(sendDialog, sendAll);
  await sendAll.click();
  // Delivery may lag the send (a real mail server queues first), so wait for both, then count.
  const delivered = async () => ({
    ava: await mailbox.deliveredTo(ava),
    ben: await mailbox.deliveredTo(ben),
  });
  await expect
    .poll(
      async () => {
        const now = await delivered();
        return now.ava.length + now.ben.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2);
  const first = await delivered();
  expect(first.ava, 'copies delivered to Ava').toHaveLength(1);
  expect(first.ben, 'copies delivered to Ben').toHaveLength(1);
  const [toAva] = first.ava;
  const [toBen] = first.ben;

  // Ava answers; Ben's server bounces the message for good.
  await mailbox.deliver(replyTo(ava, sender, toAva!));
  await mailbox.deliver(bounceOf(ben, toBen!));

  await page.keyboard.press('Escape');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Replies and bounces' });
  await expect(card.getByText(mailbox.shownAs)).toBeVisible();
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, 'Mailbox checked')).toBeVisible({ timeout: 30_000 });

  await page.goto('/campaigns');
  review = await openReview(page, 'Replies journey', 2);
  // Ava's email comes first; her answer shows as text, never as markup.
  await expect(review.getByText('Replied', { exact: true })).toBeVisible();
  await expect(review.getByText('Happy to talk next week. <b>Tuesday</b>?')).toBeVisible();
  await review.getByRole('button', { name: 'Next' }).click();
  await expect(review.getByText('Bounced (hard)', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/analytics');
  // One of the two emails got a reply; the other bounced for good.
  await expect(page.getByRole('group', { name: 'Reply Rate' }).getByText('50.0%')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bounce Rate' }).getByText('50.0%')).toBeVisible();

  // A new campaign to Ben: his address bounced, so nothing more goes to it.
  await page.goto('/campaigns');
  await readyCampaign(page, 'After the bounce', `E-mail,First,Organisation\n${ben},Ben,Initech\n`);
  const again = await openReview(page, 'After the bounce', 1);
  await again.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(again.getByRole('button', { name: 'Approved', exact: true })).toBeVisible();
  await again.getByRole('button', { name: 'Send now', exact: true }).click();
  // The send is settled as skipped (a sent email would show Sent), so no copy can still be on its way.
  await expect(again.getByText('Unsubscribed', { exact: true })).toBeVisible();
  expect(await mailbox.deliveredTo(ben), 'copies delivered to Ben').toEqual([toBen]);
}
