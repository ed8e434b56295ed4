import { expect, type Page, test } from '@playwright/test';
import { acceptTerms, signInLocally, uniqueEmail } from './support';

// Issue #31: a workspace a team shares. The address carries the workspace (two tabs, two
// workspaces); an owner invites from Settings; the invited person joins with the link, signed out
// at first, and lands in the workspace with their role.

const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace: / });

test('an owner makes a team workspace and invites someone, who joins with the link', async ({
  page,
  browser,
}) => {
  await signInLocally(page);
  await expect(switcher(page)).toHaveAccessibleName('Workspace: My workspace');

  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'New workspace' }).click();
  await page.getByRole('dialog', { name: 'New workspace' }).getByLabel('Name').fill('Acme sales');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/w\/\d+\/$/);
  const team = new URL(page.url()).pathname;
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Acme sales');

  // A campaign made here is the team's: the personal workspace, in another tab, does not list it.
  const made = await page.request.post('/api/campaigns', {
    data: { name: 'Team launch', templateId: null },
    headers: { origin: new URL(page.url()).origin, 'x-tailor-workspace': team.split('/')[2]! },
  });
  expect(made.ok()).toBe(true);
  // Made behind the app's back, so the page is loaded afresh rather than read from its cache.
  await page.goto(`${team}campaigns`);
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Acme sales');
  await expect(page.getByText('Team launch').first()).toBeVisible();
  const personal = await page.context().newPage();
  await personal.goto('/campaigns');
  await expect(switcher(personal)).toHaveAccessibleName('Workspace: My workspace');
  await expect(personal.getByRole('button', { name: 'New Campaign' })).toBeVisible();
  await expect(personal.getByText('Team launch')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Team launch').first()).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  const members = page.getByRole('region', { name: 'Members of Acme sales' });
  const invitee = uniqueEmail('reviewer');
  await members.getByLabel('Email address').fill(invitee);
  await members.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Reviewer' }).click();
  await members.getByRole('button', { name: 'Invite' }).click();
  const link = await members.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/invite\/[\w-]{43}$/);
  await expect(members.getByText(`${invitee} as reviewer`)).toBeVisible();

  // The invited person opens the link signed out, signs in with that address, and is brought back.
  const other = await browser.newContext();
  const bob = await other.newPage();
  await bob.goto(new URL(link).pathname);
  await expect(bob.getByText('Sign in with the email address this invitation was sent to')).toBeVisible();
  const res = await bob.request.post('/api/auth/local', {
    data: { email: invitee },
    headers: { origin: new URL(bob.url()).origin },
  });
  expect(res.ok()).toBe(true);
  await bob.goto('/');
  await expect(bob).toHaveURL(new RegExp(`${team}$`));
  await acceptTerms(bob);
  await expect(switcher(bob)).toHaveAccessibleName('Workspace: Acme sales');
  await bob.getByRole('link', { name: 'Campaigns' }).click();
  await expect(bob.getByText('Team launch').first()).toBeVisible();

  await page.reload();
  await expect(members.getByText(invitee)).toBeVisible();
  await expect(members.getByText(`${invitee} as reviewer`)).toHaveCount(0);
  // The owner's Activity names who did what.
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText(`${invitee} joined`)).toBeVisible();
  await expect(activity.getByText(/invited someone/)).toBeVisible();
  await other.close();
});
