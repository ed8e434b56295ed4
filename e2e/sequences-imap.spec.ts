import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { rawHeader } from '../test/fakes/smtp-sink';
import {
  api,
  bulkAction,
  card,
  confirmWithoutPostalAddress,
  FAKE_AI,
  openReview,
  toast,
  uploadCsv,
} from './campaign-support';
import { INBOX, SENDER, testWithMailPeers } from './mail-peers';
import { acceptTerms } from './support';

/**
 * A three-step sequence over real mail servers (issue #17): the first emails go out through a
 * private Postfix; Ava answers (put into a private Dovecot, read by "Check now"); the app's clock
 * is then moved past the second step's due time (CLOCK_OFFSET_FILE, never a sleep). Ava gets no
 * follow-up; Ben gets the AI-written one, threaded on his first email.
 */
const CLOCK = path.resolve(import.meta.dirname, '..', '.test-data', 'e2e-sequences-clock');
fs.mkdirSync(path.dirname(CLOCK), { recursive: true });
fs.writeFileSync(CLOCK, '0');

const test = testWithMailPeers({
  name: 'e2e-sequences',
  mailboxes: ['ava', 'ben'],
  env: { CLOCK_OFFSET_FILE: CLOCK },
});

test.afterAll(() => fs.rmSync(CLOCK, { force: true }));
test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

test('a three-step sequence: reviewed up front, sent through Postfix, stopped by a reply, threaded for the others', async ({
  page,
  peers,
}) => {
  test.slow();
  const { postfix, dovecot } = peers;
  const ava = `ava@${postfix.domain}`;
  const ben = `ben@${postfix.domain}`;
  const delivered = async (address: string) => {
    const [local] = address.split('@');
    return (await postfix.messages()).filter((m) => m.mailbox === local).map((m) => m.raw);
  };

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue locally' }).click();
  await acceptTerms(page);

  // Step 1 and 3 from fixed templates, step 2 written by the AI (the fake provider).
  const mapping = { email: 'E-mail', first_name: 'First', company: 'Organisation' };
  const fixed = (name: string, body: string) =>
    api(page, 'post', '/api/templates', {
      name,
      type: 'template',
      subjectTemplate: 'Hello {{ first_name }}',
      bodyTemplate: body,
      aiInstructions: '',
      variables: ['email', 'first_name', 'company'],
    });
  const first = await fixed('Sequence intro', '<p>Hi {{ first_name }} at {{ company }}, shall we talk?</p>');
  const last = await fixed('Sequence last call', '<p>Last note from me, {{ first_name }}.</p>');
  const nudge = await api(page, 'post', '/api/templates', {
    name: 'Sequence nudge',
    type: 'prompt',
    subjectTemplate: '',
    bodyTemplate: '',
    aiInstructions: 'Write a short follow-up to {{ first_name }} at {{ company }}.',
    variables: ['email', 'first_name', 'company'],
  });
  const everyHour = { days: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440 };
  const { id } = await api(page, 'post', '/api/campaigns', {
    name: 'Sequence journey',
    templateId: first.id,
    columnMapping: mapping,
    steps: [
      { delayDays: 2, businessDays: false, templateId: nudge.id },
      { delayDays: 3, businessDays: false, templateId: last.id },
    ],
    sendWindow: everyHour,
  });
  await uploadCsv(page, id, mapping, `E-mail,First,Organisation\n${ava},Ava,Globex\n${ben},Ben,Initech\n`);

  // The model's follow-ups, one per recipient (the fake's echo would repeat the instructions'
  // placeholders, which the draft checks rightly hold back), and nothing for the claim check to doubt.
  const script = await page.request.post(`${FAKE_AI}/__control/script`, {
    data: {
      rules: [
        { system: 'You check an email draft', reply: { claims: [] } },
        {
          contains: `"${ava}"`,
          reply: { subject: 'x', body: '<p>Ava, did my note about Globex reach you?</p>' },
        },
        {
          contains: `"${ben}"`,
          reply: { subject: 'x', body: '<p>Ben, is planning at Initech still done by hand?</p>' },
        },
      ],
    },
  });
  expect(script.ok()).toBe(true);

  // Generated and reviewed up front: every step for every recipient.
  await page.goto('/campaigns');
  const campaign = card(page, 'Sequence journey');
  await expect(campaign.getByText('3 steps')).toBeVisible();
  await campaign.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(campaign.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  const review = await openReview(page, 'Sequence journey', 6);
  await expect(review.getByText('Step 1', { exact: true })).toBeVisible();
  for (const step of [1, 2, 3]) {
    await bulkAction(page, review, `Approve all of step ${step}`);
    await expect(toast(page, `All emails of step ${step} approved`)).toBeVisible();
  }
  await review.getByRole('button', { name: 'Send first emails now (2)', exact: true }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send approved emails' });
  const sendAll = sendDialog.getByRole('button', { name: 'Send now', exact: true });
  await confirmWithoutPostalAddress(sendDialog, sendAll);
  await sendAll.click();
  await expect(toast(page, /4 follow-ups go out as their steps fall due/)).toBeVisible();

  // Step 1 reaches both, once each.
  await expect
    .poll(async () => (await delivered(ava)).length + (await delivered(ben)).length, { timeout: 20_000 })
    .toBe(2);
  const [toAva] = await delivered(ava);
  const [toBen] = await delivered(ben);
  const avaId = rawHeader(toAva!, 'Message-ID')!;
  const benId = rawHeader(toBen!, 'Message-ID')!;

  // Ava answers; "Check now" reads it, and her follow-ups stop.
  await dovecot.append(
    INBOX.user,
    [
      `From: Ava <${ava}>`,
      `To: ${SENDER}`,
      'Subject: Re: Hello Ava',
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <ava-answer-${Date.now()}@globex.example>`,
      `In-Reply-To: ${avaId}`,
      `References: ${avaId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Yes, let us talk on Tuesday.',
      '',
    ].join('\r\n'),
  );
  await page.keyboard.press('Escape');
  await page.goto('/settings');
  await page
    .getByRole('region', { name: 'Replies and bounces' })
    .getByRole('button', { name: 'Check now' })
    .click();
  await expect(toast(page, 'Mailbox checked')).toBeVisible({ timeout: 30_000 });

  // Three days on: Ben's second step is due (two days, plus at most 20 minutes' spread); Ava's is not sent.
  fs.writeFileSync(CLOCK, String(3 * 86_400_000));
  await expect.poll(async () => (await delivered(ben)).length, { timeout: 30_000 }).toBe(2);
  const followUp = (await delivered(ben))[1]!;
  expect(rawHeader(followUp, 'In-Reply-To')).toBe(benId);
  expect(rawHeader(followUp, 'References')).toBe(benId);
  expect(rawHeader(followUp, 'Subject')).toBe('Re: Hello Ben');
  expect(await delivered(ava), 'copies delivered to Ava').toHaveLength(1);

  // The AI wrote Ben's follow-up knowing his first email, given as data.
  const requests = (await (await page.request.get(`${FAKE_AI}/__control/requests`)).json()) as {
    requests: { body: unknown }[];
  };
  const prompts = requests.requests.map((r) => JSON.stringify(r.body));
  expect(prompts.some((p) => p.includes('previous_emails') && p.includes('Initech'))).toBe(true);

  // Where each stands: Ava stopped by her reply, Ben on to step 3.
  await page.goto('/campaigns');
  await campaign.getByRole('button', { name: 'Sequence', exact: true }).click();
  const sequence = page.getByRole('dialog', { name: 'Sequence' });
  const rows = sequence.getByRole('table', { name: 'Sequence by recipient' }).getByRole('row');
  await expect(rows.filter({ hasText: ava })).toContainText(/Stopped: replied on/);
  await expect(rows.filter({ hasText: ben })).toContainText('Step 3');
});
