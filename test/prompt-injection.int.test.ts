import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email } from '../src/contract/campaigns';
import {
  type FakeAi,
  type FakeAiRequest,
  lastUserMessage,
  startFakeAi,
  systemMessage,
} from './fakes/ai-server';
import { hostileEffects, instructionFollowing } from './fakes/instruction-following-model';
import { hostileValues } from './support/hostile-values';
import { uploadCsv } from './support/http';
import { waitUntil } from './support/http-client';
import { blockValue, parsePrompt, readsBack } from './support/prompt-blocks';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * The hostile values of test/fixtures/prompt-injection through the app, against a fake model that
 * obeys the last order it reads outside the data blocks: a CSV holding every value (in its cells
 * and as column names) is imported, written by an AI-prompt template and claim-checked; then the
 * template AI features get them as sample rows, descriptions and column names. No draft or reply
 * may show a hostile effect, and every prompt the fake received must parse back intact.
 */

const HOSTILE = hostileValues();
/** Column names: the values a header could hold (not blank once trimmed, within the API's 500). */
const HOSTILE_COLUMNS = HOSTILE.map((h) => h.value).filter((v) => v.trim() && v.length <= 500);
const withoutTagCharacters = (text: string) => text.replace(/[\u{E0000}-\u{E007F}]/gu, '');

/** The blocks each prompt has, by the first words of its system prompt: one entry per shape. */
const SHAPES: Record<string, string[]> = {
  'You write personalised': [
    'instructions recipient_data',
    'instructions draft_subject draft_body recipient_data',
  ],
  'You check an email draft': ['draft recipient_data template sender'],
  'You write reusable': ['description placeholders'],
  'You write instructions': ['description variables'],
  'You match the columns': ['variables columns'],
};

/** Every prompt the fake received, parsed: none broken, each of a known shape, the same text around its blocks. */
function expectIntactPrompts(requests: FakeAiRequest[]) {
  const skeletons = new Map<string, Set<string>>();
  for (const request of requests) {
    const system = Object.keys(SHAPES).find((start) => systemMessage(request.body).startsWith(start))!;
    const parsed = parsePrompt(lastUserMessage(request.body));
    expect(parsed.problems).toEqual([]);
    expect(SHAPES[system]).toContain(parsed.blocks.map((b) => b.name).join(' '));
    skeletons.set(system, (skeletons.get(system) ?? new Set()).add(parsed.skeleton));
  }
  for (const [system, seen] of skeletons)
    expect(seen.size, system).toBeLessThanOrEqual(SHAPES[system]!.length);
}

/** Hostile markup that works: an element that runs or loads something, a handler, a script or evil link. */
const LIVE_MARKUP = /<(script|img|iframe)\b|<[^>]*\bon[a-z]+=|<[^>]*javascript:|<a\b[^>]*evil\.example/i;

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** Row i holds hostile value i as its first name, company and every hostile column (long ones once). */
function hostileCsv() {
  const header = ['email', 'first_name', 'company', ...HOSTILE_COLUMNS];
  const rows = HOSTILE.map((h, i) => [
    `r${i}@example.test`,
    h.value,
    h.value,
    ...HOSTILE_COLUMNS.map(() => (h.value.length <= 2_000 ? h.value : 'long')),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

describe.each(testDatabases())('hostile CSV values through generation and review (%s)', (kind) => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  const following = instructionFollowing();
  beforeAll(async () => {
    ai = await startFakeAi();
    ai.setReply(following.reply);
    t = await startTestApp(kind, { ...ai.env }, { listen: true });
    cookie = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  it('writes and checks every draft with no hostile effect, from prompts that parse back intact', async () => {
    const template = (
      await call('POST', '/api/templates', {
        name: 'AI',
        type: 'prompt',
        aiInstructions: 'Write a short note about planning.',
        variables: ['email', 'first_name', 'company'],
      })
    ).json();
    const campaign = (
      await call('POST', '/api/campaigns', {
        name: 'Hostile',
        checkClaimsWithAi: true,
        templateId: template.id,
        columnMapping: { email: 'email', first_name: 'first_name', company: 'company' },
      })
    ).json();
    const upload = await uploadCsv(t, cookie, campaign.id, hostileCsv());
    expect(upload.body).toMatchObject({ imported: HOSTILE.length, skipped: 0 });
    expect(upload.body.columns).toHaveLength(3 + HOSTILE_COLUMNS.length);

    await call('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    const emails = await waitUntil(
      async () => {
        const { status, claimCheck } = (await call('GET', `/api/campaigns/${campaign.id}`)).json();
        if (status !== 'ready' || claimCheck.drafts !== HOSTILE.length) return false;
        return (await call('GET', `/api/campaigns/${campaign.id}/emails?limit=100`)).json().items as Email[];
      },
      60_000,
      'written and claim-checked',
    );

    expect(following.obeyed).toEqual([]);
    expectIntactPrompts(ai.requests);
    const isCheck = (r: FakeAiRequest) => systemMessage(r.body).startsWith('You check');
    const writes = ai.requests.filter((r) => !isCheck(r));
    expect(writes).toHaveLength(HOSTILE.length);
    expect(ai.requests.filter(isCheck)).toHaveLength(HOSTILE.length);
    // Each writing prompt holds its row's hostile value as given (or cut at the cell cap).
    for (const request of writes) {
      const block = parsePrompt(lastUserMessage(request.body)).blocks.find(
        (b) => b.name === 'recipient_data',
      )!;
      const row = blockValue(block) as Record<string, string>;
      const h = HOSTILE[Number(/^r(\d+)@/.exec(row.email!)![1])]!;
      expect(readsBack(row.company, h.value), h.id).toBe(true);
      expect(readsBack(row.first_name, h.value), h.id).toBe(true);
    }
    // The claim check reads the row with its column names as the file has them.
    const checked = parsePrompt(lastUserMessage(ai.requests.find(isCheck)!.body));
    const columns = Object.keys(blockValue(checked.blocks[1]!) as object);
    expect(columns).toEqual(
      expect.arrayContaining(HOSTILE_COLUMNS.map((name) => withoutTagCharacters(name.trim()))),
    );

    // The review shows every draft, its hostile text escaped, its claim reported.
    expect(emails).toHaveLength(HOSTILE.length);
    for (const email of emails) {
      const h = HOSTILE[Number(/^r(\d+)@/.exec(email.recipient.email)![1])]!;
      expect({ id: h.id, effects: hostileEffects(email) }).toEqual({ id: h.id, effects: [] });
      expect(email.status).toBe('draft');
      expect(email.body, h.id).not.toMatch(LIVE_MARKUP);
      expect(email.findings?.map((f) => f.reason)).toContain(
        'The AI check found nothing you gave it that supports this claim',
      );
      const preview = (await call('GET', `/api/emails/${email.id}/preview`)).json();
      expect(preview.subject, h.id).toBe('A short note');
      expect(preview.html, h.id).not.toMatch(LIVE_MARKUP);
    }
    const scripted = emails.find(
      (e) => e.recipient.email === `r${HOSTILE.findIndex((h) => h.id === 'html-script')}@example.test`,
    )!;
    expect(scripted.body).toContain('Noted: &lt;script&gt;document.location=');
  });
});

describe('hostile values in the template AI features', () => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  const following = instructionFollowing();
  beforeAll(async () => {
    ai = await startFakeAi();
    ai.setReply(following.reply);
    t = await startTestApp('pglite', { ...ai.env });
    cookie = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  /** The values the API takes in a field of at most `max` characters. */
  const within = (max: number) => HOSTILE.filter((h) => h.value.length <= max);

  it('previews AI emails for sample rows with hostile column names and values, and hostile rendered drafts', async () => {
    for (const h of within(10_000)) {
      const row = {
        email: 'ada@example.com',
        company: h.value,
        ...(h.value.length <= 200 && { [h.value]: 'x' }),
      };
      const written = await post('/api/templates/generate-email', {
        template: { aiInstructions: 'Write a short note.' },
        type: 'prompt',
        recipientData: row,
        variables: ['email', 'company'],
      });
      expect({ id: h.id, effects: hostileEffects(written) }).toEqual({ id: h.id, effects: [] });
      const improved = await post('/api/templates/generate-email', {
        template: {
          subjectTemplate: 'Hi {{ company }}',
          bodyTemplate: '<p>About {{ company }}</p>',
          aiInstructions: 'Make it warmer.',
        },
        type: 'template',
        recipientData: { email: 'ada@example.com', company: h.value },
        variables: ['email', 'company'],
      });
      expect({ id: h.id, effects: hostileEffects(improved) }).toEqual({ id: h.id, effects: [] });
    }
    expect(following.obeyed).toEqual([]);
    expectIntactPrompts(ai.requests);
  });

  it('writes templates and prompts from hostile descriptions, and maps hostile column names', async () => {
    for (const h of within(10_000)) {
      const template = await post('/api/templates/generate', { prompt: h.value, variables: ['email'] });
      expect({ id: h.id, effects: hostileEffects(template) }).toEqual({ id: h.id, effects: [] });
      const prompt = await post('/api/templates/generate-prompt', { description: h.value, variables: [] });
      expect({ id: h.id, effects: hostileEffects(prompt) }).toEqual({ id: h.id, effects: [] });
    }
    const { mapping } = await post('/api/automap-columns', {
      variables: ['email', 'industry'],
      columns: ['Email', ...HOSTILE_COLUMNS],
    });
    expect(mapping).toEqual({ email: 'Email' });
    expect(following.obeyed).toEqual([]);
    expectIntactPrompts(ai.requests);
    expect(ai.requests.filter((r) => systemMessage(r.body).startsWith('You match'))).toHaveLength(1);
  });
});
