import { describe, expect, it } from 'vitest';
import {
  hostileEffects,
  lastInstruction,
  obedientReply,
  type ReplyKind,
} from '../../../../test/fakes/instruction-following-model';
import { hostileValues } from '../../../../test/support/hostile-values';
import { blockValue, parsePrompt, readsBack } from '../../../../test/support/prompt-blocks';
import { ANSWER_WRITER_SYSTEM_PROMPT, type AnswerWriterInput, answerWriterPrompt } from './answer-prompts';
import { AUTOMAP_SYSTEM_PROMPT, automapPrompt } from './automap-prompts';
import { CLAIMS_SYSTEM_PROMPT, claimsPrompt } from './claims-prompts';
import { EMAIL_SYSTEM_PROMPT, emailPrompt } from './email-prompts';
import type { SenderProfileForPrompt } from './sender-profile';
import {
  PROMPT_WRITER_SYSTEM_PROMPT,
  promptWriterPrompt,
  TEMPLATE_WRITER_SYSTEM_PROMPT,
  templateWriterPrompt,
} from './template-prompts';

/**
 * Every hostile value of test/fixtures/prompt-injection in every data input of every prompt
 * builder, one input at a time among ordinary values: (a) the prompt's blocks parse back intact
 * (the same blocks in the same order, the same text around them, the value read back as given),
 * and (b) a model that obeys the last order it reads outside the data blocks finds none to obey.
 */

const HOSTILE = hostileValues();

const RECIPIENT = { email: 'ada@example.com', first_name: 'Ada', company: 'Engines Ltd' };
const DRAFT = { subject: 'Hi Ada', body: '<p>Hello Ada from Engines Ltd</p>' };
const THREAD = [{ subject: 'A first note', body: '<p>Hello Ada, about your routes.</p>' }];
const SENDER: SenderProfileForPrompt = {
  name: 'Sam Lee',
  title: 'Founder',
  company: 'Planwise',
  website: 'https://planwise.example',
  whatWeDo: 'Route planning for bakeries.',
  offer: 'A month free.',
  proofPoints: ['Used by 40 bakeries'],
  neverClaim: ['Awards'],
};
const INSTRUCTIONS = 'Write a short note about planning.';

type Writing = Parameters<typeof emailPrompt>[0];
const writing = (change: Partial<Writing>): Writing => ({
  instructions: INSTRUCTIONS,
  recipient: RECIPIENT,
  draft: DRAFT,
  thread: THREAD,
  ...change,
});
type Checking = Parameters<typeof claimsPrompt>[0];
const checking = (change: Partial<Checking>): Checking => ({
  draft: { subject: DRAFT.subject, text: 'Hello Ada from Engines Ltd' },
  recipient: RECIPIENT,
  template: `${DRAFT.subject}\n\n${DRAFT.body}\n\n${INSTRUCTIONS}`,
  sender: SENDER,
  ...change,
});

const answering = (change: Partial<AnswerWriterInput>): AnswerWriterInput => ({
  sender: SENDER,
  recipient: RECIPIENT,
  conversation: [{ from: 'sender', subject: 'A first note', text: 'Hello Ada, about your routes.' }],
  reply: { subject: 'Re: A first note', text: 'Sounds good, tell me more.' },
  ...change,
});
const answerCase = (input: string, build: (value: string) => string, readBack: Case['readBack']): Case => ({
  input: `answer suggestion: ${input}`,
  kind: 'email',
  system: ANSWER_WRITER_SYSTEM_PROMPT,
  build,
  readBack,
});

type Case = {
  input: string;
  kind: ReplyKind;
  system: string;
  build: (value: string) => string;
  /** The value as read back from the parsed blocks (by name). */
  readBack: (blocks: Record<string, unknown>) => unknown;
  /** The sender's own instructions: a model may follow them, but they must not leave their block. */
  ownInstructions?: true;
};

const senderFields = ['name', 'title', 'company', 'website', 'whatWeDo', 'offer'] as const;
type Sender = { proofPoints: string[]; neverClaim: string[] } & Record<string, string>;
const senderCases = (prompt: string, build: (sender: SenderProfileForPrompt) => string, kind: ReplyKind) => [
  ...senderFields.map(
    (field): Case => ({
      input: `${prompt}: sender ${field}`,
      kind,
      system: kind === 'claims' ? CLAIMS_SYSTEM_PROMPT : EMAIL_SYSTEM_PROMPT,
      build: (value) => build({ ...SENDER, [field]: value }),
      readBack: (blocks) => (blocks.sender as Sender)[field],
    }),
  ),
  ...(['proofPoints', 'neverClaim'] as const).map(
    (field): Case => ({
      input: `${prompt}: sender ${field}`,
      kind,
      system: kind === 'claims' ? CLAIMS_SYSTEM_PROMPT : EMAIL_SYSTEM_PROMPT,
      build: (value) => build({ ...SENDER, [field]: ['A true fact', value] }),
      readBack: (blocks) => (blocks.sender as Sender)[field][1],
    }),
  ),
];

/** The one column name of the row that is not an ordinary one. */
const keyOf = (data: unknown) => Object.keys(data as object).find((key) => !(key in RECIPIENT));

const CASES: Case[] = [
  {
    input: 'writing: instructions',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ instructions: value })),
    readBack: (blocks) => blocks.instructions,
    ownInstructions: true,
  },
  {
    input: 'writing: recipient value',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ recipient: { ...RECIPIENT, company: value } })),
    readBack: (blocks) => (blocks.recipient_data as Record<string, string>).company,
  },
  {
    input: 'writing: recipient column name',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ recipient: { ...RECIPIENT, [value]: 'Engines' } })),
    readBack: (blocks) => keyOf(blocks.recipient_data),
  },
  {
    input: 'writing: draft subject',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ draft: { ...DRAFT, subject: value } })),
    readBack: (blocks) => blocks.draft_subject,
  },
  {
    input: 'writing: draft body',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ draft: { ...DRAFT, body: value } })),
    readBack: (blocks) => blocks.draft_body,
  },
  {
    input: 'writing: previous email subject',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ thread: [{ ...THREAD[0]!, subject: value }] })),
    readBack: (blocks) => (blocks.previous_emails as { subject: string }[])[0]!.subject,
  },
  {
    input: 'writing: previous email body',
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    build: (value) => emailPrompt(writing({ thread: [{ ...THREAD[0]!, body: value }] })),
    readBack: (blocks) => (blocks.previous_emails as { body: string }[])[0]!.body,
  },
  ...senderCases('writing', (sender) => emailPrompt(writing({ sender })), 'email'),
  {
    input: 'claim check: draft subject',
    kind: 'claims',
    system: CLAIMS_SYSTEM_PROMPT,
    build: (value) => claimsPrompt(checking({ draft: { subject: value, text: 'Hello Ada' } })),
    readBack: (blocks) => (blocks.draft as string).replace(/^Subject: /, '').replace(/\n\nHello Ada$/, ''),
  },
  {
    input: 'claim check: draft text',
    kind: 'claims',
    system: CLAIMS_SYSTEM_PROMPT,
    build: (value) => claimsPrompt(checking({ draft: { subject: 'Hi Ada', text: value } })),
    readBack: (blocks) => (blocks.draft as string).replace(/^Subject: Hi Ada\n\n/, ''),
  },
  {
    input: 'claim check: recipient value',
    kind: 'claims',
    system: CLAIMS_SYSTEM_PROMPT,
    build: (value) => claimsPrompt(checking({ recipient: { ...RECIPIENT, company: value } })),
    readBack: (blocks) => (blocks.recipient_data as Record<string, string>).company,
  },
  {
    input: 'claim check: recipient column name',
    kind: 'claims',
    system: CLAIMS_SYSTEM_PROMPT,
    build: (value) => claimsPrompt(checking({ recipient: { ...RECIPIENT, [value]: 'Engines' } })),
    readBack: (blocks) => keyOf(blocks.recipient_data),
  },
  {
    input: 'claim check: template',
    kind: 'claims',
    system: CLAIMS_SYSTEM_PROMPT,
    build: (value) => claimsPrompt(checking({ template: value })),
    readBack: (blocks) => blocks.template,
  },
  ...senderCases('claim check', (sender) => claimsPrompt(checking({ sender })), 'claims'),
  answerCase(
    'reply text',
    (value) => answerWriterPrompt(answering({ reply: { subject: 'Re: A first note', text: value } })),
    (blocks) => (blocks.reply as string).replace(/^Subject: Re: A first note\n\n/, ''),
  ),
  answerCase(
    'reply subject',
    (value) => answerWriterPrompt(answering({ reply: { subject: value, text: 'Sounds good' } })),
    (blocks) => (blocks.reply as string).replace(/^Subject: /, '').replace(/\n\nSounds good$/, ''),
  ),
  answerCase(
    'earlier message',
    (value) =>
      answerWriterPrompt(
        answering({ conversation: [{ from: 'recipient', subject: 'Re: A first note', text: value }] }),
      ),
    (blocks) => (blocks.conversation as { text: string }[])[0]!.text,
  ),
  answerCase(
    'recipient value',
    (value) => answerWriterPrompt(answering({ recipient: { ...RECIPIENT, company: value } })),
    (blocks) => (blocks.recipient_data as Record<string, string>).company,
  ),
  {
    input: 'template writer: description',
    kind: 'email',
    system: TEMPLATE_WRITER_SYSTEM_PROMPT,
    build: (value) => templateWriterPrompt(value, ['email', 'first_name']),
    readBack: (blocks) => blocks.description,
  },
  {
    input: 'template writer: variable',
    kind: 'email',
    system: TEMPLATE_WRITER_SYSTEM_PROMPT,
    build: (value) => templateWriterPrompt('A webinar invite', ['email', value]),
    readBack: (blocks) =>
      (blocks.placeholders as string).replace(/^\{\{ email \}\}, \{\{ /, '').replace(/ \}\}$/, ''),
  },
  {
    input: 'prompt writer: description',
    kind: 'prompt',
    system: PROMPT_WRITER_SYSTEM_PROMPT,
    build: (value) => promptWriterPrompt(value, ['email', 'first_name']),
    readBack: (blocks) => blocks.description,
  },
  {
    input: 'prompt writer: variable',
    kind: 'prompt',
    system: PROMPT_WRITER_SYSTEM_PROMPT,
    build: (value) => promptWriterPrompt('A webinar invite', ['email', value]),
    readBack: (blocks) => (blocks.variables as string[])[1],
  },
  {
    input: 'automap: variable',
    kind: 'automap',
    system: AUTOMAP_SYSTEM_PROMPT,
    build: (value) => automapPrompt(['company', value], ['Email', 'Company']),
    readBack: (blocks) => (blocks.variables as string[])[1],
  },
  {
    input: 'automap: column name',
    kind: 'automap',
    system: AUTOMAP_SYSTEM_PROMPT,
    build: (value) => automapPrompt(['company'], ['Email', value]),
    readBack: (blocks) => (blocks.columns as string[])[1],
  },
];

/** What breaks (a): the blocks and the text around them differ from an ordinary prompt's. */
function structureProblems(c: Case, value: string): string[] {
  const ordinary = parsePrompt(c.build('Engines'));
  const parsed = parsePrompt(c.build(value));
  const problems = [...parsed.problems];
  const names = parsed.blocks.map((b) => b.name).join(' ');
  if (names !== ordinary.blocks.map((b) => b.name).join(' ')) problems.push(`blocks ${names}`);
  if (parsed.skeleton !== ordinary.skeleton) problems.push('text outside the blocks differs');
  if (problems.length === 0) {
    const blocks = Object.fromEntries(parsed.blocks.map((b) => [b.name, blockValue(b)]));
    let read: unknown;
    try {
      read = c.readBack(blocks);
    } catch {}
    if (!readsBack(read, value)) problems.push(`reads back as ${JSON.stringify(String(read).slice(0, 80))}`);
  }
  return problems;
}

/** What breaks (b): the model obeys an order from the value, or its reply shows one's effect. */
function obeyedOrders(c: Case, value: string): string[] {
  const prompt = c.build(value);
  const { reply, order } = obedientReply(c.kind, c.system, prompt);
  if (c.ownInstructions)
    return order && order.from !== 'instructions' ? [`obeyed "${order.words}" outside`] : [];
  return [...(order ? [`obeyed "${order.words}"`] : []), ...hostileEffects(reply)];
}

describe('hostile values in every prompt', () => {
  it('has at least 40 hand-written values, each with an id and what it tries', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    expect(new Set(HOSTILE.map((h) => h.id)).size).toBe(HOSTILE.length);
    for (const h of HOSTILE) expect(h.tries.length).toBeGreaterThan(10);
    expect(Math.max(...HOSTILE.map((h) => h.value.length))).toBeGreaterThan(50_000);
  });

  it('has a fake model that obeys the values when they stand outside any block', () => {
    const system = 'You write emails.';
    const obeyed = HOSTILE.filter((h) => lastInstruction(system, h.value)?.from === 'outside');
    // Every value holding an order: all but the markup, paths, addresses and plain filler.
    expect(obeyed.length).toBeGreaterThanOrEqual(48);
    expect(lastInstruction(system, 'Hello')).toBeNull();
  });

  it.each(CASES.map((c) => [c.input, c] as const))('%s: blocks parse back intact', (_, c) => {
    const broken = HOSTILE.flatMap((h) => structureProblems(c, h.value).map((p) => `${h.id}: ${p}`));
    expect(broken).toEqual([]);
  });

  it.each(CASES.map((c) => [c.input, c] as const))('%s: no hostile order is obeyed', (_, c) => {
    expect(obeyedOrders(c, 'Engines')).toEqual([]);
    const obeyed = HOSTILE.flatMap((h) => obeyedOrders(c, h.value).map((o) => `${h.id}: ${o}`));
    expect(obeyed).toEqual([]);
  });
});
