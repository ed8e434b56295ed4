import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 A and AA rules; best-practice rules are advice, not the bar set here. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core over the page as it stands (or only the elements `within` selects) and records, as a soft
 * failure, every serious or critical WCAG violation: rule, impact, the elements hit and axe's advice.
 * Soft, so one run lists the problems of every screen rather than stopping at the first.
 */
export async function expectAccessible(page: Page, screen: string, within?: string) {
  // Mantine fades dialogs and menus in; contrast read mid-fade would be wrong. A transition can
  // start a frame after the check below would pass, so transitions are switched off first (the
  // elements jump to their final styles), then running animations are waited out. Spinners never finish.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Legacy mode runs axe in the page itself; the default opens a helper page per run, which costs seconds.
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}\n        ${n.html.slice(0, 160)}`);
      const more = v.nodes.length > 6 ? `\n    …and ${v.nodes.length - 6} more` : '';
      const why = v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '';
      return `${v.id} [${v.impact}]: ${v.help}\n    ${why}\n    at ${nodes.join('\n    at ')}${more}`;
    });
  expect.soft(blocking, `serious or critical accessibility violations on ${screen}`).toEqual([]);
}
