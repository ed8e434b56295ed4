import { type CDPSession, chromium, type Page } from '@playwright/test';
import { httpClient } from '../test/support/http-client';
import { createBenchDatabase, postgresServerUrl } from './bench-app';
import { startBuiltServer } from './built-server';
import { seedAnswers } from './seed-answers';
import { seedSentCampaigns } from './seed-sent';
import { type BenchResult, postgresMetric, report } from './support';

/**
 * Every signed-in page opened in Chromium on a database with 1,000,000 sent emails (one user, 200
 * campaigns) and 100,000 answers to them (the inbox), served by the built server on PostgreSQL: per page, the time from navigation to the
 * page's own data on screen, reported against the same load's first paint. Goal: the data within
 * 300 ms of first paint on every page. Each page is opened UI_ROUNDS times (default 5); medians.
 */
const CAMPAIGNS = Number(process.env.UI_CAMPAIGNS ?? 200);
const PER_CAMPAIGN = Number(process.env.UI_PER_CAMPAIGN ?? 5_000);
const ROUNDS = Number(process.env.UI_ROUNDS ?? 5);
const GOAL_AFTER_PAINT_MS = 300;
/** UI_PAGES=analytics,settings measures those pages only (default: all). */
const DIAGNOSE = process.env.UI_DIAGNOSE === '1';
const ONLY = process.env.UI_PAGES?.split(',').map((name) => name.trim());

/**
 * Each page, and a test (run in the page) that its data is on screen, not a skeleton or a loader.
 * The page records the moment the test first passes, from a MutationObserver, so the figure is the
 * page's and not the polling interval of whoever watches it.
 */
type Shown = { selector: string; text?: string };
const PAGES: { name: string; path: string; shown: Shown }[] = [
  {
    name: 'dashboard',
    path: '/',
    shown: { selector: '[role="group"][aria-label="Emails Sent"]', text: '[1-9]' },
  },
  {
    name: 'templates',
    path: '/templates',
    shown: { selector: 'main button', text: 'Create Your First Template' },
  },
  { name: 'campaigns', path: '/campaigns', shown: { selector: 'main article' } },
  { name: 'analytics', path: '/analytics', shown: { selector: 'table[aria-label="Sent emails"] tbody tr' } },
  { name: 'settings', path: '/settings', shown: { selector: 'main p', text: 'Emails sent today \\(' } },
  { name: 'inbox', path: '/inbox', shown: { selector: 'ul[aria-label="Answers"] li' } },
];
/** Answers to the seeded emails, for the inbox (UI_ANSWERS, default 100,000). */
const ANSWERS = Number(process.env.UI_ANSWERS ?? 100_000);

if (!(await postgresServerUrl())) {
  console.log('ui: no PostgreSQL server answers; this benchmark is for PostgreSQL only.');
  process.exit(0);
}

const results: BenchResult[] = [];
const database = await createBenchDatabase();
const server = await startBuiltServer(database.url);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const api = httpClient(server.base);
  await api.json('POST', '/api/auth/local', { email: 'viewer@localhost' });
  await api.json('POST', '/api/auth/accept-terms');
  const user = await api.json('GET', '/api/auth/user');
  const seedStart = performance.now();
  await seedSentCampaigns(database.url, user.id, { campaigns: CAMPAIGNS, perCampaign: PER_CAMPAIGN });
  await seedAnswers(database.url, user.id, ANSWERS);
  console.log(
    `seeded ${CAMPAIGNS * PER_CAMPAIGN} emails and ${Math.min(ANSWERS, CAMPAIGNS * PER_CAMPAIGN)} answers in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );
  const [name, value] = api.cookie().split(';')[0]!.split('=') as [string, string];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name, value, url: server.base }]);

  for (const { name: pageName, path, shown } of PAGES.filter((p) => !ONLY || ONLY.includes(p.name))) {
    const afterPaint: number[] = [];
    const toData: number[] = [];
    // A page of its own per screen: its watch script is the only one that runs.
    const page = await context.newPage();
    // The app's content policy allows no eval: the test is data, not code.
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    await page.addInitScript(({ selector, text }: Shown) => {
      const pattern = text === undefined ? null : new RegExp(text);
      new MutationObserver(() => {
        const w = window as { dataShownAt?: number };
        if (w.dataShownAt !== undefined) return;
        const found = [...document.querySelectorAll(selector)].some(
          (element) => pattern === null || pattern.test(element.textContent ?? ''),
        );
        if (found) w.dataShownAt = performance.now();
      }).observe(document, { subtree: true, childList: true, characterData: true });
      const tasks: { start: number; duration: number }[] = [];
      (window as { longTasks?: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, shown);
    // One load first, unmeasured: Chromium's and the server's caches are warm for every round after.
    for (let round = -1; round < ROUNDS; round++) {
      const profiling = DIAGNOSE && round === ROUNDS - 1 ? await startProfile(page) : null;
      await page.goto(`${server.base}${path}`, { waitUntil: 'commit' });
      // Asked every 50 ms (waitForFunction would need the eval the app's content policy forbids);
      // the moment itself was taken in the page.
      const [at, paint] = await readWhenShown(page);
      if (round < 0) continue;
      if (profiling) console.log(`${await timeline(page, at, paint)}\n${await profiling.stop()}`);
      toData.push(at);
      afterPaint.push(at - paint);
    }
    await page.close();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const paints = toData.map((at, i) => at - afterPaint[i]!);
    console.log(
      `${pageName}: data on screen ${median(toData).toFixed(0)} ms after navigation, ${median(afterPaint).toFixed(0)} ms after first paint (first paint ${median(paints).toFixed(0)} ms)`,
    );
    results.push(
      postgresMetric(
        `${pageName}_data_after_first_paint`,
        median(afterPaint),
        'ms',
        GOAL_AFTER_PAINT_MS,
        false,
      ),
      postgresMetric(`${pageName}_data_after_navigation`, median(toData), 'ms', null, false),
    );
  }
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
report('ui', results);

/** The moment the page's data showed, and its first contentful paint, once the page has recorded it. */
async function readWhenShown(page: Page): Promise<[number, number]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [at, paint] = await page.evaluate(() => [
      (window as { dataShownAt?: number }).dataShownAt ?? null,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    ]);
    if (at !== null) return [at, paint as number];
    if (Date.now() > deadline) throw new Error(`no data on screen at ${page.url()} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * UI_DIAGNOSE=1: one load's timeline (ms from navigation): first paint, each API request's start and
 * end, each long task, and the moment the data showed.
 */
async function timeline(page: Page, shownAt: number, paint: number) {
  const { requests, tasks } = await page.evaluate(() => ({
    requests: performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
    tasks: (window as { longTasks?: { start: number; duration: number }[] }).longTasks ?? [],
  }));
  const events = [
    { at: paint, what: 'first contentful paint' },
    { at: shownAt, what: 'data on screen' },
    ...requests.map((r) => ({
      at: r.start,
      what: `${r.name} (${(r.end - r.start).toFixed(0)} ms, ends ${r.end.toFixed(0)})`,
    })),
    ...tasks.map((t) => ({ at: t.start, what: `long task ${t.duration.toFixed(0)} ms` })),
  ].sort((a, b) => a.at - b.at);
  return events.map((e) => `  ${e.at.toFixed(0).padStart(6)}  ${e.what}`).join('\n');
}

/**
 * UI_DIAGNOSE=1: a CPU profile of the same load, summed by function (self time), the top 25. Build
 * without minifying (`npx vite build --minify false`) for readable names.
 */
async function startProfile(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      const selfMs = new Map<string, number>();
      // Components (capitalised names) by inclusive time: what a render spends under each.
      const componentMs = new Map<string, number>();
      const layoutMs = new Map<string, number>();
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const parentOf = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
      const keyOf = (frame: { functionName: string; url: string; lineNumber: number }) =>
        `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/assets\//, '')}:${frame.lineNumber}`;
      const deltas = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) => {
        const ms = (deltas[i + 1] ?? 0) / 1000;
        const key = keyOf(byId.get(id)!.callFrame);
        selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
        // Layout forced from script: who asked for it, two frames up.
        if (byId.get(id)!.callFrame.functionName === 'getBoundingClientRect') {
          const caller = parentOf.get(id);
          const grand = caller === undefined ? undefined : parentOf.get(caller);
          const chain = [caller, grand].map((at) => (at === undefined ? '' : keyOf(byId.get(at)!.callFrame)));
          const layoutKey = `layout from ${chain.join(' ← ')}`;
          layoutMs.set(layoutKey, (layoutMs.get(layoutKey) ?? 0) + ms);
        }
        const seen = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
          const frame = byId.get(at)!.callFrame;
          if (!/^[A-Z]/.test(frame.functionName)) continue;
          const component = keyOf(frame);
          if (seen.has(component)) continue;
          seen.add(component);
          componentMs.set(component, (componentMs.get(component) ?? 0) + ms);
        }
      });
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([key, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
      return [
        'self time:',
        ...top(selfMs, 15),
        ...top(layoutMs, 5),
        'under each component (inclusive):',
        ...top(componentMs, 30),
      ].join('\n');
    },
  };
}
