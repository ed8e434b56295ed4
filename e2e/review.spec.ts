import { expect, test } from '@playwright/test';
import {
  bulkAction,
  card,
  confirmWithoutPostalAddress,
  openReview,
  readyCampaign,
  scheduledRowAction,
  toast,
} from './campaign-support';
import { signInLocally } from './support';

// Three recipients; the last has no company, so its email is flagged for attention.
const CSV =
  'E-mail,First,Organisation\nava@example.com,Ava,Globex\nben@example.com,Ben,Initech\ncleo@example.com,Cleo,\n';
/** A local date as the Date field reads it. */
function localDate(daysFromToday: number) {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('review one email at a time, edit one, approve all and send all approved now', async ({ page }) => {
  await signInLocally(page);
  await readyCampaign(page, 'Review journey', CSV);
  const review = await openReview(page, 'Review journey', 3);

  // The queue opens on what needs attention: Cleo's row has no company.
  await expect(review.getByText('cleo@example.com')).toBeVisible();
  await expect(review.getByText('No value for: company')).toBeVisible();
  await expect(review.getByText('0 of 3 approved')).toBeVisible();
  await expect(review.getByRole('progressbar', { name: 'Approval progress' })).toHaveAttribute(
    'aria-valuemax',
    '100',
  );
  await expect(review.getByText('Daily limit: 0 of 500 sent today, 500 remaining')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Send now (0)', exact: true })).toBeDisabled();

  // Buttons and arrow keys move between emails.
  await review.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(review.getByText(/^Email 2 of 3$/)).toBeVisible();
  await expect(review.getByText('ava@example.com')).toBeVisible();
  await expect(review.getByText('Globex', { exact: true })).toBeVisible();
  await expect(review.getByText('Pending', { exact: true })).toBeVisible();
  await expect(review.getByText('Hello Ava')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(review.getByText(/^Email 3 of 3$/)).toBeVisible();
  await expect(review.getByText('ben@example.com')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(review.getByText(/^Email 2 of 3$/)).toBeVisible();
  await review.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(review.getByText(/^Email 1 of 3$/)).toBeVisible();
  await review.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(review.getByText(/^Email 2 of 3$/)).toBeVisible();

  // Editing: the arrows belong to the editor then, and the change is saved on the server.
  await review.getByRole('button', { name: 'Edit', exact: true }).click();
  const subject = review.getByRole('textbox', { name: 'Subject' });
  await expect(subject).toHaveValue('Hello Ava');
  await expect(review.getByRole('textbox', { name: 'Body' })).toHaveAttribute('style', /min-height: 150px/);
  await subject.fill('A better subject for Ava');
  await subject.press('ArrowLeft');
  await expect(review.getByText(/^Email 2 of 3$/)).toBeVisible();
  await review.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Email updated')).toBeVisible();
  await expect(review.getByText('A better subject for Ava')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await openReview(page, 'Review journey', 3);
  await page.keyboard.press('j');
  await expect(review.getByText('A better subject for Ava')).toBeVisible();

  // Approve all leaves the email with a high-severity finding for a person to read.
  await bulkAction(page, review, 'Approve all');
  await expect(
    toast(page, '2 emails approved. 1 email with high-severity findings left for you to read.'),
  ).toBeVisible();
  await expect(review.getByText('2 of 3 approved')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approved', exact: true })).toBeVisible();
  await page.keyboard.press('k');
  await expect(review.getByText('cleo@example.com')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  // Read, and right as it is: the findings are dismissed and the email approved.
  await review.getByRole('button', { name: 'Dismiss findings', exact: true }).click();
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(review.getByText('3 of 3 approved · 1 with findings dismissed')).toBeVisible();

  await review.getByRole('button', { name: 'Send now (3)', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send approved emails' });
  const sendAll = confirm.getByRole('button', { name: 'Send now', exact: true });
  await expect(confirm.getByText('No postal address')).toBeVisible();
  await confirmWithoutPostalAddress(confirm, sendAll);
  await sendAll.click();
  await expect(toast(page, '3 emails are on their way.')).toBeVisible();
  await expect(confirm).toBeHidden();

  // The worker sends in the background; the open review follows the email until it has gone.
  await expect(review.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(review.getByText('Daily limit: 3 of 500 sent today, 497 remaining')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
  await expect(review.getByRole('button', { name: /^Approved?$/ })).toHaveCount(0);
  // Ava's message, as sent, carries her edited subject.
  await page.keyboard.press('j');
  await expect(review.getByText('ava@example.com')).toBeVisible();
  await expect(review.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  const raw = review.getByRole('link', { name: 'View raw message' });
  await expect(raw).toHaveAttribute('target', '_blank');
  const message = await page.request.get((await raw.getAttribute('href')) ?? '');
  expect(message.headers()['content-type']).toContain('message/rfc822');
  expect(await message.text()).toContain('A better subject for Ava');

  // A sent campaign can still be opened to follow its emails.
  await page.keyboard.press('Escape');
  await expect(card(page, 'Review journey').getByText(/^(Sending|Completed)$/)).toBeVisible();
  await card(page, 'Review journey').getByRole('button', { name: 'Review', exact: true }).click();
  await expect(review.getByText('Sent', { exact: true })).toBeVisible();
});

test('schedule approved emails, then move one and delete another from Scheduled Emails', async ({ page }) => {
  await signInLocally(page);
  const campaignId = await readyCampaign(page, 'Schedule journey', CSV);
  const review = await openReview(page, 'Schedule journey', 3);

  // Cleo's email needs attention first (no company): it cannot be approved until read and fixed or dismissed.
  await expect(review.getByText('cleo@example.com')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  // Approve the other two one by one; the toggle can take an approval back.
  await review.getByRole('button', { name: 'Next', exact: true }).click();
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(review.getByRole('button', { name: 'Approved', exact: true })).toBeVisible();
  await review.getByRole('button', { name: 'Next', exact: true }).click();
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(review.getByText('2 of 3 approved')).toBeVisible();
  await review.getByRole('button', { name: 'Approved', exact: true }).click();
  await expect(review.getByText('1 of 3 approved')).toBeVisible();
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(review.getByText('2 of 3 approved')).toBeVisible();

  await bulkAction(page, review, 'Schedule (2)…');
  const schedule = page.getByRole('dialog', { name: 'Schedule approved emails' });
  const submit = schedule.getByRole('button', { name: 'Schedule', exact: true });
  await confirmWithoutPostalAddress(schedule, submit);
  await submit.click();
  await expect(toast(page, 'Please select both date and time')).toBeVisible();
  await schedule.getByRole('textbox', { name: 'Date' }).fill(localDate(0));
  await schedule.getByLabel('Time').fill('00:00');
  await submit.click();
  await expect(toast(page, 'Scheduled time must be in the future')).toBeVisible();
  await schedule.getByRole('textbox', { name: 'Date' }).fill(localDate(1));
  await schedule.getByLabel('Time').fill('10:00');
  await submit.click();
  await expect(toast(page, /2 emails scheduled for .*10:00 AM/)).toBeVisible();
  await expect(schedule).toBeHidden();
  // The approved ones are scheduled and locked; Cleo's, not approved, stays behind.
  await expect(review.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
  await review.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(review.getByText('Scheduled', { exact: true })).toBeVisible();
  await review.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(review.getByText('Pending', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();

  await page.getByRole('button', { name: 'Scheduled Emails', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Scheduled Emails' });
  const rows = list.getByRole('table', { name: 'Scheduled emails' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Schedule journey');
  await expect(rows.first()).toContainText('10:00 AM');

  const ava = rows.filter({ hasText: 'ava@example.com' });
  await scheduledRowAction(page, ava, 'ava@example.com', 'Edit time');
  const edit = page.getByRole('dialog', { name: 'Edit Scheduled Time' });
  await expect(edit.getByLabel('Time')).toHaveValue('10:00');
  await edit.getByLabel('Time').fill('11:30');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Scheduled email updated')).toBeVisible();
  await expect(ava).toContainText('11:30 AM');

  const ben = rows.filter({ hasText: 'ben@example.com' });
  await scheduledRowAction(page, ben, 'ben@example.com', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete Scheduled Email' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(toast(page, 'Scheduled email deleted')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The one left goes out now instead of waiting.
  await scheduledRowAction(page, ava, 'ava@example.com', 'Send now');
  await expect(toast(page, 'Your email is on its way.')).toBeVisible();
  await expect(list.getByText('No scheduled emails.')).toBeVisible();

  // Deleting put the email back to draft, ready to be sent or scheduled again.
  const emails = await page.request.get(`/api/campaigns/${campaignId}/emails?limit=50&offset=0`);
  const { items } = (await emails.json()) as { items: { recipient: { email: string }; status: string }[] };
  expect(items.find((e) => e.recipient.email === 'ben@example.com')?.status).toBe('draft');
});
