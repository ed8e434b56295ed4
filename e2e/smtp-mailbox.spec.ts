import { expect, type Locator, type Page } from '@playwright/test';
import { rawHeader } from '../test/fakes/smtp-sink';
import { expectAccessible } from './a11y-support';
import { card, sendAndWait, toast, uploadedCampaign } from './campaign-support';
import { testWithMailPeers } from './mail-peers';
import { acceptTerms } from './support';

/**
 * A mailbox with its own SMTP and IMAP login (issue #32), over real mail servers: the private
 * Postfix takes mail only after SMTP AUTH against the private Dovecot's users, so Alice's one
 * password sends and reads. A wrong password is refused by Postfix itself, and the form says so
 * in its words; with the right one the mailbox is saved, and a campaign that sends from it reaches
 * the recipients with Alice's address as From.
 */
const ALICE = { user: 'alice@peers.test', password: 'alice-secret' };
const test = testWithMailPeers({ name: 'e2e-smtp-mailbox', mailboxes: ['lee', 'max'], smtpAuth: [ALICE] });

test('adds a mailbox on its own server (a wrong password refused in the server’s words, then fixed) and a campaign sends from it', async ({
  page,
  peers,
}) => {
  const { postfix, dovecot } = peers;
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue locally' }).click();
  await acceptTerms(page);

  await page.goto('/settings');
  const mailboxes = page.getByRole('region', { name: 'Mailboxes' });
  await mailboxes.getByRole('button', { name: 'Add mailbox' }).click();
  const form = page.getByRole('dialog', { name: 'Add a mailbox' });
  await fillMailbox(form, { smtpPort: postfix.port, imapPort: dovecot.port, password: 'not-her-password' });
  await form.getByRole('button', { name: 'Save mailbox' }).click();

  // Postfix's own refusal, in words, with everything typed still there to fix.
  const refusal = form.getByRole('alert');
  await expect(refusal).toContainText(/The SMTP server .* refused the login: .*535/, { timeout: 20_000 });
  await expect(refusal).toContainText('Check the SMTP user name and password');
  await expect(form.getByLabel('From address')).toHaveValue(ALICE.user);
  await expect(form.getByLabel('SMTP port')).toHaveValue(String(postfix.port));
  await expect(form.getByLabel('IMAP port')).toHaveValue(String(dovecot.port));
  await expectAccessible(page, 'the Add a mailbox dialog with the refusal', '[role="dialog"]');

  await form.getByLabel('SMTP password').fill(ALICE.password);
  await form.getByRole('button', { name: 'Save mailbox' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const alice = mailboxes.getByRole('listitem', { name: ALICE.user });
  await expect(alice.getByText('Alice Peers · Own SMTP server')).toBeVisible();
  await expect(alice.getByText('0 of 500 sent today')).toBeVisible();
  await expect(alice.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'the Mailboxes card', '[aria-labelledby="mailboxes-card-title"]');

  const name = 'From Alice';
  const id = await campaignFor(page, name, [`lee@${postfix.domain}`, `max@${postfix.domain}`]);
  await sendFromAlice(page, name);
  await page.goto('/campaigns');
  await card(page, name).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(card(page, name).getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  await sendAndWait(page, id, 2);

  // Both arrived, each with Alice's address and name as From (however the name is quoted).
  await expect
    .poll(async () => (await postfix.messages()).map((m) => m.mailbox).sort(), { timeout: 20_000 })
    .toEqual(['lee', 'max']);
  for (const message of await postfix.messages()) {
    const from = rawHeader(message.raw, 'From') ?? '';
    expect(from).toContain(`<${ALICE.user}>`);
    expect(from).toContain('Alice Peers');
  }
  await page.goto('/settings');
  await expect(alice.getByText('2 of 500 sent today')).toBeVisible();
});

/** Alice's mailbox on the private servers: plain connections on loopback, IMAP with SMTP's login. */
async function fillMailbox(form: Locator, opts: { smtpPort: number; imapPort: number; password: string }) {
  await form.getByLabel('From address').fill(ALICE.user);
  await form.getByLabel('From name').fill('Alice Peers');
  await form.getByLabel('SMTP server').fill('127.0.0.1');
  // The security first: choosing it moves a port still at its usual number.
  await form.getByLabel('SMTP security').selectOption('none');
  await form.getByLabel('SMTP port').fill(String(opts.smtpPort));
  await expect(form.getByLabel('SMTP user name')).toHaveAttribute('placeholder', ALICE.user);
  await form.getByLabel('SMTP password').fill(opts.password);
  await form.getByLabel('IMAP server').fill('127.0.0.1');
  await form.getByLabel('IMAP security').selectOption('none');
  await form.getByLabel('IMAP port').fill(String(opts.imapPort));
  await expect(form.getByLabel('Use the same user name and password as SMTP')).toBeChecked();
}

/** A fixed-template campaign (no AI) with `recipients`, made through the API as the editor would. */
function campaignFor(page: Page, name: string, recipients: string[]) {
  const rows = recipients.map((address, i) => `${address},Person ${i + 1},Acme`);
  return uploadedCampaign(page, name, ['E-mail,First,Organisation', ...rows].join('\n'));
}

/** Chooses Alice's mailbox in the campaign editor's Send from, in place of the default. */
async function sendFromAlice(page: Page, name: string) {
  await page.goto('/campaigns');
  await card(page, name).getByRole('button', { name: 'Edit campaign' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Campaign' });
  const sendFrom = editor.getByRole('group', { name: 'Send from' });
  await expect(sendFrom.getByText(/^Sends from your default mailbox/)).toBeVisible();
  await sendFrom.getByRole('checkbox', { name: ALICE.user }).check();
  await expect(sendFrom.getByText(/^Sends from your default mailbox/)).toBeHidden();
  // The editor saves the footer it shows; the default's [placeholders] would hold the send.
  await editor
    .getByLabel('Unsubscribe Message')
    .fill('Peers Ltd, 1 Main St, Springfield. You asked us to write.');
  await editor.getByRole('button', { name: 'Update Campaign' }).click();
  await expect(toast(page, 'Campaign updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();
}
