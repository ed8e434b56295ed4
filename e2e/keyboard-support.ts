import { expect, type Locator, type Page } from '@playwright/test';

/** The accessible role and name of the focused element, as Playwright's accessibility snapshot gives them. */
export async function focusedControl(page: Page): Promise<{ role: string; name: string } | null> {
  const focused = page.locator(':focus');
  if ((await focused.count()) !== 1) return null;
  const first = (await focused.ariaSnapshot()).split('\n', 1)[0] ?? '';
  const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(first);
  return match ? { role: match[1]!, name: (match[2] ?? '').replace(/\\(.)/g, '$1') } : null;
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus: a locator, or an accessible
 * name the focused control must have exactly. Fails after `limit` presses, so an unreachable control
 * is reported rather than looped over.
 */
export async function tabTo(
  page: Page,
  target: Locator | string,
  { limit = 40, backwards = false }: { limit?: number; backwards?: boolean } = {},
) {
  const reached = async () =>
    typeof target === 'string' ? (await focusedControl(page))?.name === target : isFocused(target);
  const seen: string[] = [];
  for (let presses = 0; presses <= limit; presses++) {
    if (await reached()) {
      if (typeof target !== 'string') await expect(target).toBeFocused();
      return;
    }
    seen.push(await page.evaluate(describeFocus));
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${String(target)} in ${limit} presses; focus went: ${seen.join(' → ')}`);
}

/** A short label for the focused element, for failure messages (cheaper than an accessibility snapshot). */
function describeFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return '(nothing)';
  const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().slice(0, 30) ?? '';
  return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
}

/**
 * The focused element is `target`, and the browser shows it as keyboard focus (:focus-visible); a
 * button or link must also draw an outline, since that is its only focus indicator here.
 */
export async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const state = await target.evaluate((el) => ({
    focusVisible: el.matches(':focus-visible'),
    outlined: getComputedStyle(el).outlineStyle !== 'none' && getComputedStyle(el).outlineWidth !== '0px',
    needsOutline: el.matches('button, a[href], [role="button"], [role="tab"]'),
  }));
  expect(state.focusVisible, 'focus is shown as keyboard focus').toBe(true);
  if (state.needsOutline) expect(state.outlined, 'a focus outline is drawn').toBe(true);
}

/**
 * A modal dialog traps the focus: Tab past its last control (and Shift+Tab past its first) wraps
 * round inside it. Checked after every press, going once round the dialog's tabbable controls.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator) {
  // The dialog takes the focus a frame after it shows (its trap starts with it): a Tab before that
  // moves the focus behind it, which says nothing about the trap.
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), {
      message: 'the dialog takes the focus when it opens',
    })
    .toBe(true);
  const tabbable = await dialog.evaluate(
    (el) =>
      [
        ...el.querySelectorAll<HTMLElement>(
          'a[href], button, input, select, textarea, [tabindex], [contenteditable]',
        ),
      ].filter((c) => c.tabIndex >= 0 && !c.matches(':disabled') && c.getClientRects().length > 0).length,
  );
  for (const [key, presses] of [
    ['Tab', tabbable + 2],
    ['Shift+Tab', tabbable + 2],
  ] as const) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `focus stays in the dialog after ${i + 1} × ${key}`).toBe(true);
    }
  }
}

/**
 * Picks `optionName` in the focused select with ArrowDown and Enter. Mantine's searchable select
 * opens its list on focus and moves its highlight on zero-delay timers: the open sets a timer
 * that resets the highlighted index to the chosen value's (none here, so -1). Chromium handles
 * input before timers, so an ArrowDown sent while that timer was pending highlighted the option
 * (the attribute showed it) and the timer then cleared the index under it: Enter was ignored
 * (seen in CI, and reproduced here after the suite's first specs). No person types within the
 * few milliseconds the timer waits, so the test lets the page's pending timers run before each
 * key, as a person's pause would.
 */
export async function chooseOptionByKeyboard(page: Page, optionName: string) {
  await runPendingTimers(page);
  await page.keyboard.press('ArrowDown');
  const option = page.getByRole('option', { name: optionName });
  await expect(option).toBeVisible();
  await runPendingTimers(page);
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
}

/** Zero-delay timers run in the order they were set, so one set now runs after all pending ones. */
async function runPendingTimers(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
