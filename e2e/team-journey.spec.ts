import { type Browser, expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { card, toast } from './campaign-support';
import { signInLocally, uniqueEmail } from './support';

// Issue #31's journey: an owner invites a reviewer and a sender; the sender generates a campaign;
// under four-eyes the sender cannot approve their own emails and the reviewer approves them; the
// sender sends; a recipient unsubscribes; the owner's next campaign to the same address skips it;
// the owner exports the record of it all and it says who did each step.

const FOUR_EYES =
  'This workspace asks for a second pair of eyes: someone other than the person who wrote or last edited this email approves it';

type Team = { id: number; prefix: string };

/** The team's API, as the app calls it: the workspace in the x-tailor-workspace header. */
function teamApi(page: Page, team: Team) {
  const headers = () => ({ origin: new URL(page.url()).origin, 'x-tailor-workspace': String(team.id) });
  return {
    async call(method: 'get' | 'post' | 'put', url: string, data?: unknown) {
      return page.request[method](url, { headers: headers(), ...(data !== undefined && { data }) });
    },
    async json(method: 'get' | 'post' | 'put', url: string, data?: unknown) {
      const res = await this.call(method, url, data);
      expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}

/** A person in a browser of their own who joins the team with the owner's invitation link. */
async function joinWith(browser: Browser, link: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInLocally(page, email);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/w\/\d+\/$/);
  return page;
}

async function invite(owner: Page, teamName: string, email: string, role: 'Reviewer' | 'Sender') {
  const members = owner.getByRole('region', { name: `Members of ${teamName}` });
  await members.getByLabel('Email address').fill(email);
  await members.getByRole('combobox', { name: 'Role', exact: true }).click();
  await owner.getByRole('option', { name: role }).click();
  await members.getByRole('button', { name: 'Invite' }).click();
  await expect(members.getByText(`${email} as ${role.toLowerCase()}`)).toBeVisible();
  return members.getByLabel('Invitation link').inputValue();
}

/** A fixed-template campaign in the team to `addresses`, generated from its card in the app. */
async function generatedCampaign(page: Page, team: Team, name: string, addresses: string[]) {
  const api = teamApi(page, team);
  const mapping = { email: 'E-mail', first_name: 'First' };
  const template = await api.json('post', '/api/templates', {
    name: `${name} template`,
    type: 'template',
    subjectTemplate: 'Hello {{ first_name }}',
    bodyTemplate: '<p>Hi {{ first_name }}, shall we talk about crates?</p>',
    aiInstructions: '',
    variables: ['email', 'first_name'],
  });
  const { id } = await api.json('post', '/api/campaigns', {
    name,
    templateId: template.id,
    columnMapping: mapping,
  });
  const csv = `E-mail,First\n${addresses.map((a, i) => `${a},Person${i}`).join('\n')}\n`;
  const upload = await page.request.post(`/api/campaigns/${id}/upload-csv`, {
    headers: { origin: new URL(page.url()).origin, 'x-tailor-workspace': String(team.id) },
    multipart: {
      columnMapping: JSON.stringify(mapping),
      csvFile: { name: 'r.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await page.goto(`${team.prefix}campaigns`);
  await card(page, name).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(card(page, name).getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  return id as number;
}

type Email = { id: number; status: string; isApproved: boolean; recipient: { email: string } };
const emailsOf = async (page: Page, team: Team, campaignId: number): Promise<Email[]> =>
  (await teamApi(page, team).json('get', `/api/campaigns/${campaignId}/emails?limit=50`)).items;

test('a team sends under four-eyes, shares its suppression list and keeps a record of it', async ({
  page: owner,
  browser,
}) => {
  const ownerEmail = await signInLocally(owner, uniqueEmail('owner'));
  const created = await owner.request.post('/api/workspaces', {
    data: { name: 'Crate makers' },
    headers: { origin: new URL(owner.url()).origin },
  });
  expect(created.ok()).toBe(true);
  const teamId = (await created.json()).id as number;
  const team = { id: teamId, prefix: `/w/${teamId}/` };
  await owner.goto(`${team.prefix}settings`);

  // The owner sets the company's postal address once, for every member's emails, and asks for a
  // second pair of eyes on every email.
  await owner.getByLabel('Company Name').fill('Crate Makers Ltd');
  await owner.getByLabel('Street Address').fill('1 Harbour Way');
  await owner.getByLabel('City').fill('Bristol');
  await owner.getByLabel('State').fill('Avon');
  await owner.getByLabel('ZIP Code').fill('BS1 4ST');
  await owner.getByLabel('Why Recipients Hear From You').fill('you asked about our crates');
  await owner.getByRole('button', { name: 'Save Account Settings' }).click();
  await expect(owner.getByText('Account settings saved').last()).toBeVisible();
  const fourEyes = owner.getByRole('switch', { name: 'Second pair of eyes on every email' });
  await fourEyes.click();
  await expect(fourEyes).toBeChecked();

  const reviewerEmail = uniqueEmail('reviewer');
  const senderEmail = uniqueEmail('sender');
  const reviewerLink = await invite(owner, 'Crate makers', reviewerEmail, 'Reviewer');
  const senderLink = await invite(owner, 'Crate makers', senderEmail, 'Sender');
  const reviewer = await joinWith(browser, reviewerLink, reviewerEmail);
  const sender = await joinWith(browser, senderLink, senderEmail);

  // The sender sees the company the owner set, and cannot change it.
  await sender.goto(`${team.prefix}settings`);
  await expect(sender.getByLabel('Company Name')).toHaveValue('Crate Makers Ltd');
  await expect(sender.getByLabel('Company Name')).toHaveAttribute('readonly', '');
  await expect(sender.getByRole('button', { name: 'Save Account Settings' })).toHaveCount(0);

  const leaving = `leaving-${Date.now()}@example.com`;
  const staying = `staying-${Date.now()}@example.com`;
  const campaignId = await generatedCampaign(sender, team, 'Spring crates', [leaving, staying]);
  const written = await emailsOf(sender, team, campaignId);
  expect(written).toHaveLength(2);

  // The sender wrote them: their own approval is refused, "Approve all" holds both.
  const own = await teamApi(sender, team).call('put', `/api/emails/${written[0]!.id}`, { isApproved: true });
  expect(own.status()).toBe(403);
  expect((await own.json()).message).toBe(FOUR_EYES);
  expect(
    await teamApi(sender, team).json('post', `/api/campaigns/${campaignId}/approve-all`, {}),
  ).toMatchObject({
    approved: 0,
    heldForOthers: 2,
  });
  await sender.goto(`${team.prefix}campaigns`);
  await card(sender, 'Spring crates').getByRole('button', { name: 'Review', exact: true }).click();
  const ownReview = sender.getByRole('dialog', { name: 'Review & Edit Emails' });
  await expect(ownReview.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  await sender.keyboard.press('Escape');
  await expect(ownReview).toBeHidden();

  // The reviewer approves both in the review dialog.
  await reviewer.goto(`${team.prefix}campaigns`);
  await card(reviewer, 'Spring crates').getByRole('button', { name: 'Review', exact: true }).click();
  const review = reviewer.getByRole('dialog', { name: 'Review & Edit Emails' });
  for (const n of [1, 2]) {
    await expect(review.getByText(new RegExp(`^Email ${n} of 2$`))).toBeVisible();
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(review.getByRole('button', { name: 'Approved', exact: true })).toBeVisible();
    await expect(review.getByTestId('email-authorship')).toHaveText(
      `Written by ${senderEmail} · approved by ${reviewerEmail}`,
    );
    if (n === 1) await review.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect
    .poll(async () => (await emailsOf(reviewer, team, campaignId)).every((e) => e.isApproved))
    .toBe(true);
  // A reviewer never sends.
  expect(
    (await teamApi(reviewer, team).call('post', `/api/campaigns/${campaignId}/send-approved`, {})).status(),
  ).toBe(403);

  // The sender sends from their own mailbox, from the review; the workspace's postal address is
  // set, so nothing asks whether the emails are commercial.
  await sender.goto(`${team.prefix}campaigns`);
  await card(sender, 'Spring crates').getByRole('button', { name: 'Review', exact: true }).click();
  const senderReview = sender.getByRole('dialog', { name: 'Review & Edit Emails' });
  await senderReview.getByRole('button', { name: 'Send now (2)', exact: true }).click();
  const confirm = sender.getByRole('dialog', { name: 'Send approved emails' });
  await expect(confirm.getByText('No postal address')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Send now', exact: true }).click();
  await expect(toast(sender, '2 emails are on their way.')).toBeVisible();
  await expect
    .poll(async () => (await emailsOf(sender, team, campaignId)).filter((e) => e.status === 'sent').length, {
      timeout: 20_000,
    })
    .toBe(2);

  // One recipient unsubscribes through the link in the email they got.
  const toLeaving = (await emailsOf(sender, team, campaignId)).find((e) => e.recipient.email === leaving)!;
  const raw = (
    await (await teamApi(sender, team).call('get', `/api/emails/${toLeaving.id}/raw`)).text()
  ).replace(/=\r?\n/g, '');
  const unsubscribeLink = /\/u\/([\w-]+)/.exec(raw)?.[0];
  expect(unsubscribeLink, 'unsubscribe link in the message').toBeTruthy();
  const recipient = await browser.newPage();
  await recipient.goto(unsubscribeLink!);
  await expect(recipient.getByText('Crate Makers Ltd')).toBeVisible();
  await recipient.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(recipient.getByText('You have been unsubscribed.')).toBeVisible();
  await recipient.close();

  // The owner's next campaign to both addresses skips the one that left, and sends the other.
  const next = await generatedCampaign(owner, team, 'Autumn crates', [leaving, staying]);
  expect(await teamApi(reviewer, team).json('post', `/api/campaigns/${next}/approve-all`, {})).toMatchObject({
    approved: 2,
    held: 0,
  });
  await teamApi(owner, team).json('post', `/api/campaigns/${next}/send-approved`, {});
  await expect
    .poll(async () =>
      (await emailsOf(owner, team, next))
        .map((e) => `${e.recipient.email} ${e.status}`)
        .sort()
        .join(', '),
    )
    .toBe([`${leaving} unsubscribed`, `${staying} sent`].sort().join(', '));

  // The record, exported from Settings, tells the journey step by step.
  await owner.goto(`${team.prefix}settings`);
  const activity = owner.getByRole('region', { name: 'Activity' });
  const download = owner.waitForEvent('download');
  await activity.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const rows = Papa.parse<Record<string, string>>((await readFile(file, 'utf8')).trim(), {
    header: true,
  }).data;
  const lines = rows.map((r) => `${r.actor || 'app'} ${r.action}`);
  const count = (line: string) => lines.filter((l) => l === line).length;
  expect(count(`${ownerEmail} workspace.created`)).toBe(1);
  expect(count(`${ownerEmail} workspace.settings_changed`)).toBe(2);
  expect(count(`${ownerEmail} invitation.created`)).toBe(2);
  expect(count(`${reviewerEmail} invitation.accepted`)).toBe(1);
  expect(count(`${senderEmail} invitation.accepted`)).toBe(1);
  expect(count(`${senderEmail} email.generated`)).toBe(2);
  expect(count(`${reviewerEmail} email.approved`)).toBe(4);
  expect(count(`${senderEmail} email.sent`)).toBe(2);
  expect(count(`${ownerEmail} email.generated`)).toBe(2);
  expect(count(`${ownerEmail} email.sent`)).toBe(1);
  expect(count('app email.stopped')).toBe(1);
  expect(count(`${senderEmail} email.approved`)).toBe(0);
  expect(lines.at(-1)).toBe(`${ownerEmail} export.audit`);
  // Each sent line names the mailbox it left from and its Message-ID.
  const sent = rows.filter((r) => r.action === 'email.sent' && r.actor === senderEmail);
  for (const row of sent) {
    expect(JSON.parse(row.detail!)).toMatchObject({
      mailbox: senderEmail,
      messageId: expect.stringMatching(/^<.+>$/),
    });
  }
  const stopped = rows.find((r) => r.action === 'email.stopped')!;
  expect(JSON.parse(stopped.detail!).reason).toMatch(/unsubscribed/);

  await reviewer.context().close();
  await sender.context().close();
});
