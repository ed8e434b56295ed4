import { expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  bulkAction,
  card,
  emailsOf,
  linesOf,
  openAsPerson,
  openReview,
  readyCampaign,
  sendAndWait,
  toast,
  trackingTokenOf,
} from './campaign-support';
import { signInLocally, uniqueEmail } from './support';

// Issue #19's points 4, 5 and 8 as a user meets them on a laptop screen.
const CSV = 'E-mail,First,Organisation\nava@example.com,Ava,Globex\nben@example.com,Ben,Initech\n';
const ADDRESS = 'Acme Test Co, 1234 Elm Street, Springfield, IL 62701';
/** A `.invalid` domain (RFC 2606): every resolver answers that it does not exist, with or without a network. */
const DOMAIN = 'tailor-e2e.invalid';

test.use({ viewport: { width: 1280, height: 900 } });

/** The sidebar's account block: the navbar holding the Sign out button. */
const sidebar = (page: Page) =>
  page.getByRole('navigation').filter({ has: page.getByRole('button', { name: 'Sign out' }) });

/** Saves a sender name, and a signature: the default one holds "[Your Name]", which blocks sending. */
async function saveSenderName(page: Page, name: string) {
  await page.getByLabel('Sender Name').fill(name);
  await page.getByRole('textbox', { name: 'Signature' }).fill(`Best regards, ${name}`);
  await page.getByRole('button', { name: 'Save Sender Settings' }).click();
  await expect(toast(page, 'Sender settings saved')).toBeVisible();
}

test('the postal address from Settings is in the footer as sent, so sending asks no "not commercial" question', async ({
  page,
}) => {
  await signInLocally(page);
  await page.goto('/settings');
  await saveSenderName(page, 'Postal Sender');
  await page.getByLabel('Company Name').fill('Acme Test Co');
  await page.getByLabel('Street Address').fill('1234 Elm Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByRole('button', { name: 'Save Account Settings' }).click();
  await expect(toast(page, 'Account settings saved')).toBeVisible();

  const id = await readyCampaign(page, 'Postal footer', CSV);
  // The sidebar names the sender from Settings: the page has read the settings the send step asks.
  await expect(sidebar(page)).toContainText('Postal Sender');
  const review = await openReview(page, 'Postal footer', 2);
  await review.getByText('As sent', { exact: true }).click();
  const html = review.getByRole('region', { name: 'Email as sent' }).getByTitle('HTML part');
  await expect(html).toHaveAttribute('srcdoc', /Unsubscribe<\/a>/);
  await expect(html).toHaveAttribute('srcdoc', new RegExp(ADDRESS));

  await bulkAction(page, review, 'Approve all');
  await expect(review.getByText('2 of 2 approved')).toBeVisible();
  await review.getByRole('button', { name: 'Send now (2)', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send approved emails' });
  const sendAll = confirm.getByRole('button', { name: 'Send now', exact: true });
  // With an address there is nothing to confirm: the button is ready and the question absent.
  await expect(sendAll).toBeEnabled();
  await expect(confirm.getByText('No postal address')).toHaveCount(0);
  await expect(confirm.getByRole('checkbox', { name: /not commercial/ })).toHaveCount(0);
  await sendAll.click();
  await expect(toast(page, '2 emails are on their way.')).toBeVisible();

  await expect
    .poll(async () => (await emailsOf(page, id)).filter((e) => e.status === 'sent').length, {
      timeout: 20_000,
    })
    .toBe(2);
  for (const email of await emailsOf(page, id)) {
    const sent = await simpleParser(await (await page.request.get(`/api/emails/${email.id}/raw`)).text());
    expect(sent.html).toContain(ADDRESS);
    expect(sent.text).toContain(ADDRESS);
  }
});

test('DNS check: the sender’s domain in a field, a loading state, the time it was checked, and a bad domain named', async ({
  page,
}) => {
  await signInLocally(page, uniqueEmail('dns').replace('@example.com', `@${DOMAIN}`));
  // The check on arrival waits here until the loading state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/check-dns-records', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/settings');
  const refresh = page.getByRole('button', { name: 'Refresh DNS' });
  await expect(refresh).toHaveAttribute('data-loading', 'true');
  await expect(refresh).toBeDisabled();
  await expect(page.locator('[aria-busy="true"]')).toContainText('SPF');
  await expect(page.getByText(/Checked at/)).toHaveCount(0);
  release();

  const domain = page.getByRole('textbox', { name: 'Domain' });
  await expect(domain).toHaveValue(DOMAIN);
  const checked = page.locator('time').filter({ hasText: /^Checked at \d{1,2}:\d{2} [AP]M$/ });
  await expect(checked).toBeVisible();
  await expect(page.getByText(`Records for ${DOMAIN} ·`)).toBeVisible();
  await expect(refresh).toBeEnabled();
  // The full moment on hover, and a moment of this check (not a stale or made-up one).
  await expect(checked).toHaveAttribute('title', /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  const at = Date.parse((await checked.getAttribute('datetime')) ?? '');
  expect(Math.abs(Date.now() - at)).toBeLessThan(5 * 60_000);
  await page.unroute('**/api/check-dns-records');

  // Another domain, typed: checked on Refresh DNS.
  await domain.fill(`other-${DOMAIN}`);
  await refresh.click();
  await expect(page.getByText(`Records for other-${DOMAIN} ·`)).toBeVisible();

  // A name that is not an internet domain is refused beside the field, not reported as a failed lookup.
  await domain.fill('localhost');
  await refresh.click();
  await expect(page.getByText('Invalid domain: enter a domain name such as example.com')).toBeVisible();
  await expect(domain).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Failed to check DNS records/)).toHaveCount(0);
});

test('DNS check for a local address with no internet domain: says so and takes a typed domain', async ({
  page,
}) => {
  const email = uniqueEmail('dns').replace('@example.com', '@localhost');
  await signInLocally(page, email);
  await page.goto('/settings');
  // No domain of the sender's and no MAIL_DOMAIN in this deployment: the page says what to do, as a
  // hint, with no check on arrival that could only be refused.
  await expect(
    page.getByText(
      `Your address ${email} has no internet domain: enter the domain you send from, such as example.com, and press Refresh DNS.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/No domain to check|Invalid email address/)).toHaveCount(0);
  const domain = page.getByRole('textbox', { name: 'Domain' });
  await expect(domain).toHaveValue('');
  await domain.fill(DOMAIN);
  await page.getByRole('button', { name: 'Refresh DNS' }).click();
  await expect(page.getByText(`Records for ${DOMAIN} ·`)).toBeVisible();
  await expect(page.getByText(/^Checked at \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(page.getByText(/No domain to check/)).toHaveCount(0);
});

test('a sent campaign’s card shows its results and its whole long name; the sidebar names the sender; Settings dates read "Nov 24, 2026"', async ({
  page,
}) => {
  const email = await signInLocally(page);
  await page.goto('/settings');
  // With no name from the sign-in, the sidebar shows the address once, not as name and again below.
  await expect(sidebar(page).getByText(email, { exact: true })).toHaveCount(1);
  await saveSenderName(page, 'Sam Sender');
  await expect(sidebar(page).getByText('Sam Sender', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByText(email, { exact: true })).toHaveCount(1);

  // One date format: today's statistics name the day as lists do, and no ISO date is left on the page.
  await expect(page.getByText(/^Emails sent today \([A-Z][a-z]{2} \d{1,2}, \d{4}\)$/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/\d{4}-\d{2}-\d{2}/);

  const name = 'Spring outreach to procurement leads across the northern sales regions';
  expect(name).toHaveLength(70);
  const id = await readyCampaign(page, name, CSV);
  await sendAndWait(page, id, 2);
  const emails = await emailsOf(page, id);
  const ava = emails.find((e) => e.recipient.email === 'ava@example.com')!;
  const ben = emails.find((e) => e.recipient.email === 'ben@example.com')!;
  await openAsPerson(page, id, await trackingTokenOf(page, ava.id), 1);
  expect((await page.request.post(`/u/${await trackingTokenOf(page, ben.id)}`)).ok()).toBe(true);

  await page.goto('/campaigns');
  const campaign = card(page, name);
  await expect(campaign.getByText('Completed', { exact: true })).toBeVisible();
  const results = campaign.getByRole('group', { name: 'Results' });
  await expect(results.getByLabel('Sent: 2', { exact: true })).toBeVisible();
  await expect(results.getByLabel('Opened: 1 (50%)', { exact: true })).toBeVisible();
  await expect(results.getByLabel('Unsubscribed: 1', { exact: true })).toBeVisible();

  // The whole name is on the card, wrapped over as many lines as it needs and never cut (a third
  // card's width holds about twenty characters a line).
  const title = campaign.getByText(name, { exact: true });
  await expect(title).toBeVisible();
  expect(await linesOf(title)).toBeGreaterThan(1);
  expect(await title.evaluate((e) => e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth)).toBe(
    false,
  );
  expect((await campaign.boundingBox())!.width).toBeLessThan(500);
});
