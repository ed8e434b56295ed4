import { expect, type Page, test } from '@playwright/test';
import { openReview, readyCampaign } from './campaign-support';
import { signInLocally } from './support';

// Issue #28: the ordinary screens raise no Content-Security-Policy violation and log no error, the
// "As sent" preview included (it showed the open pixel, which the policy refuses).

/** Collects every policy violation (from the first script on) and every console error and page error. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const violations: string[] = [];
  const collect = async () => {
    const found = await page.evaluate(
      () => (window as unknown as { __violations?: string[] }).__violations ?? [],
    );
    violations.push(...found.map((v) => `${page.url()}: ${v}`));
  };
  return { errors, violations, collect };
}

test('the ordinary screens and the As sent preview raise no policy violation and log no error', async ({
  page,
}) => {
  const { errors, violations, collect } = await watch(page);
  // A local address with no internet domain, as a first local run has.
  await signInLocally(page, `quiet-${Date.now()}@localhost`);
  // From here on: the signed-out landing page's own refusal (401 for "who is signed in") is not a screen's.
  errors.length = 0;

  const id = await readyCampaign(
    page,
    'Quiet screens',
    'E-mail,First,Organisation\nada@example.com,Ada,Acme\n',
  );
  expect(id).toBeGreaterThan(0);
  const review = await openReview(page, 'Quiet screens', 1);
  await review.getByText('As sent', { exact: true }).click();
  const html = review.getByRole('region', { name: 'Email as sent' }).getByTitle('HTML part');
  await expect(html).toHaveAttribute('srcdoc', /Unsubscribe<\/a>/);
  // The preview shows what leaves, but does not load the open pixel.
  expect(await html.getAttribute('srcdoc')).not.toMatch(/\/t\/o\//);
  const frame = await (await html.elementHandle())!.contentFrame();
  await frame!.waitForLoadState('load');
  await collect();

  for (const [path, text] of [
    ['/', 'Dashboard'],
    ['/templates', 'Templates'],
    ['/campaigns', 'Quiet screens'],
    ['/analytics', 'Analytics'],
    ['/settings', 'Email Authentication (DNS)'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await collect();
  }
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
