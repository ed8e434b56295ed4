import { expect } from '@playwright/test';
import { rawHeader } from '../test/fakes/smtp-sink';
import { FAKE_AI, toast } from './campaign-support';
import {
  aiCannotTellAnswers,
  answerMessage,
  answerRowOf,
  expectThreeAnswersCategorised,
  sendCampaignTo,
} from './inbox-support';
import { INBOX, SENDER, testWithMailPeers } from './mail-peers';
import { acceptTerms } from './support';

/**
 * The inbox over real mail servers: a campaign goes out through a private Postfix into Maildirs,
 * three answers are put into a private Dovecot, which the app reads through IMAP_URL. The person
 * sees them categorised, reads one (its remote image stays blocked), changes a category, answers
 * another in its thread (one copy reaches the recipient's Maildir, In-Reply-To the answer's
 * Message-ID) and schedules the follow-up a "not now, ask me in March" offers for its day.
 */
const test = testWithMailPeers({ name: 'e2e-inbox-imap', mailboxes: ['nora', 'max', 'hana'] });
test.use({ viewport: { width: 1280, height: 900 } });
test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

const TRACKER = 'https://tracker.example/open.gif';

const rowOf = answerRowOf;
/** A moment `minutes` ago. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

test('three answers over Postfix and Dovecot: categorised, one read with its image blocked, one recategorised, one answered in its thread once, and "not now until March" offers its follow-up', async ({
  page,
  peers,
}) => {
  test.slow();
  const { postfix, dovecot } = peers;
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  /** Every copy delivered to `local`'s Maildir, oldest first. */
  const delivered = async (local: string) =>
    (await postfix.messages()).filter((m) => m.mailbox === local).map((m) => m.raw);

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue locally' }).click();
  await acceptTerms(page);

  const people = {
    nora: { from: `nora@${postfix.domain}`, name: 'Nora Later' },
    max: { from: `max@${postfix.domain}`, name: 'Max Meet' },
    hana: { from: `hana@${postfix.domain}`, name: 'Hana Hmm' },
  };
  await sendCampaignTo(page, 'Inbox over IMAP', Object.values(people));
  await expect
    .poll(
      async () => [
        (await delivered('nora')).length,
        (await delivered('max')).length,
        (await delivered('hana')).length,
      ],
      {
        timeout: 30_000,
      },
    )
    .toEqual([1, 1, 1]);
  const messageIdTo = async (local: string) => rawHeader((await delivered(local))[0]!, 'Message-ID')!;
  await page.keyboard.press('Escape');

  // The AI reads what the rules cannot place; told it cannot tell, Hana's stays for a person.
  await aiCannotTellAnswers(page);

  const maxAnswerId = '<max-answer@globex.example>';
  await dovecot.append(
    INBOX.user,
    answerMessage(
      {
        to: SENDER,
        ...people.hana,
        messageId: await messageIdTo('hana'),
        id: '<hana-answer@globex.example>',
        text: 'Hmm, let me think about it.',
      },
      ago(3),
    ),
  );
  await dovecot.append(
    INBOX.user,
    answerMessage(
      {
        to: SENDER,
        ...people.max,
        messageId: await messageIdTo('max'),
        id: maxAnswerId,
        text: 'Sounds interesting! Could we do a call on Thursday at 3?',
      },
      ago(2),
    ),
  );
  await dovecot.append(
    INBOX.user,
    answerMessage(
      {
        to: SENDER,
        ...people.nora,
        messageId: await messageIdTo('nora'),
        id: '<nora-answer@globex.example>',
        html: `<html><body><p>Not right now, ask me again in March.</p><p>Nora</p><img src="${TRACKER}" alt="" width="1" height="1"></body></html>`,
      },
      ago(1),
    ),
  );

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Replies and bounces' });
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, 'Mailbox checked')).toBeVisible({ timeout: 30_000 });

  // Categorised by the rules; Hana's waits for a person.
  await page.getByRole('link', { name: 'Inbox 3 unread', exact: true }).click();
  await expectThreeAnswersCategorised(page);

  // Nora's read whole from Dovecot: the tracking image is not loaded.
  await rowOf(page, 'Nora Later').getByRole('button').click();
  const nora = page.getByRole('region', { name: 'Answer from Nora Later' });
  const whole = nora.getByRole('region', { name: 'The whole message' });
  await expect(whole.getByText(/1 remote image blocked/)).toBeVisible();
  await expect(whole.getByTitle('Message body').contentFrame().locator('body')).toContainText(
    'ask me again in March',
  );
  expect(requests.filter((url) => url.includes('tracker.example'))).toEqual([]);

  // Hana's category changed by a person (1: Interested).
  await rowOf(page, 'Hana Hmm').getByRole('button').click();
  await expect(
    page.getByRole('region', { name: 'Answer from Hana Hmm' }).getByRole('combobox', { name: 'Category' }),
  ).toBeVisible();
  await page.keyboard.press('1');
  await expect(
    rowOf(page, 'Hana Hmm').getByTitle('Interested, set by a person', { exact: true }),
  ).toBeVisible();

  // Max answered in his thread: one copy in his Maildir, In-Reply-To his answer.
  await rowOf(page, 'Max Meet').getByRole('button').click();
  const max = page.getByRole('region', { name: 'Answer from Max Meet' });
  await max.getByRole('button', { name: 'Answer', exact: true }).click();
  const editor = max.getByRole('region', { name: 'Write an answer' });
  await editor
    .getByRole('textbox', { name: 'Your answer' })
    .fill('Thursday at 3 works. I will send an invitation.');
  await editor.getByRole('button', { name: 'Send answer' }).click();
  await expect(max.getByText(/^Sent /)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await delivered('max')).length, { timeout: 30_000 }).toBe(2);
  const sentAnswer = (await delivered('max')).find((raw) => raw.includes('Thursday at 3 works'))!;
  expect(rawHeader(sentAnswer, 'In-Reply-To')).toBe(maxAnswerId);
  expect(rawHeader(sentAnswer, 'References')).toContain(await messageIdTo('max'));
  expect(rawHeader(sentAnswer, 'Subject')).toMatch(/^Re: /);
  expect(rawHeader(sentAnswer, 'List-Unsubscribe')).toBeUndefined();

  // Nora said "not now, March": the editor offers the follow-up on that day; it waits for it.
  await rowOf(page, 'Nora Later').getByRole('button').click();
  await nora.getByRole('button', { name: 'Answer', exact: true }).click();
  const noraEditor = nora.getByRole('region', { name: 'Write an answer' });
  await noraEditor.getByRole('radio', { name: /the day they named/ }).check();
  await noraEditor.getByRole('textbox', { name: 'Your answer' }).fill('As promised, here I am again.');
  await noraEditor.getByRole('button', { name: 'Schedule answer' }).click();
  await expect(nora.getByText(/^Goes out .*Mar/)).toBeVisible();
  expect(await delivered('nora')).toHaveLength(1);
  // Everything delivered once: Max's two, one each for the others.
  expect([
    (await delivered('nora')).length,
    (await delivered('max')).length,
    (await delivered('hana')).length,
  ]).toEqual([1, 2, 1]);
});
