import type {
  AddedColleague,
  AnswerBody,
  AnswerSuggestion,
  AnswerThread,
  ThreadAnswer,
  ThreadItem,
} from '../../../contract/answer-thread';
import type { InboxItem } from '../../../contract/inbox';
import type { PublicConfig } from '../../../contract/public-config';
import { ANSWER_POLL_MS } from './inbox-queries';

/** What the inbox's tests share about answering: threads, answers and the fake server's part. */

/** A refusal in the server's shape. */
export type Refusal = { status: number; error: string; message: string };

const isRefusal = (reply: object): reply is Refusal => 'status' in reply && typeof reply.status === 'number';

/** The campaign's email of `step` sent to the recipient. */
export const sentItem = (step: number, changes: Partial<Extract<ThreadItem, { type: 'sent' }>> = {}) => ({
  type: 'sent' as const,
  emailId: 100 + step,
  step,
  subject: step === 1 ? 'Hello from Acme' : 'Re: Hello from Acme',
  body: `<p>Our email of step ${step}</p>`,
  at: new Date(Date.UTC(2025, 6, step, 9)).toISOString(),
  ...changes,
});

/** An answer in the inbox as the thread lists it. */
export const inboundItem = (item: InboxItem): ThreadItem => {
  const {
    emailId: _e,
    campaign: _c,
    recipientEmail: _r,
    mailbox: _m,
    assignee: _a,
    readAt: _read,
    ...message
  } = item;
  return { type: 'inbound', at: item.receivedAt, message };
};

/** Our answer to reply `inboundId`, as written and where its send stands. */
export const threadAnswer = (inboundId: number, changes: Partial<ThreadAnswer> = {}): ThreadAnswer => ({
  emailId: 500 + inboundId,
  inboundId,
  subject: `Re: Hello ${inboundId}`,
  body: `<p>Our answer to ${inboundId}</p>`,
  status: 'sent',
  errorMessage: null,
  scheduledFor: null,
  sentAt: '2025-08-02T08:00:00.000Z',
  sentBy: { id: 1, name: 'Ada Lovelace' },
  createdAt: '2025-08-02T07:59:00.000Z',
  ...changes,
});

/** The conversation of `item`: our first email, then the answer itself; it may be answered. */
export const threadOf = (item: InboxItem, changes: Partial<AnswerThread> = {}): AnswerThread => ({
  items: [sentItem(1), inboundItem(item)],
  answer: null,
  heldUntil: null,
  canAnswer: true,
  cannotAnswerReason: null,
  subject: item.subject,
  from: 'Ada Lovelace <sales@example.com>',
  to: item.fromAddress,
  ...changes,
});

export const publicConfig = (ai: boolean): PublicConfig => ({
  signIn: { google: false, microsoft: false, local: true, localOnThisMachineOnly: false },
  ai,
  legal: { entity: 'Acme', contactEmail: 'legal@example.com', state: 'Delaware' },
});

export interface AnswerServerOptions {
  /** The thread of each answer (the default: threadOf). */
  threads?: (item: InboxItem) => AnswerThread | Refusal;
  /**
   * What POST /answer answers for what was written; by default a new answer, queued (scheduled
   * with a `sendAt`), which the thread then holds.
   */
  answers?: (id: number, written: AnswerBody) => ThreadAnswer | Refusal;
  suggestions?: (id: number) => AnswerSuggestion | Refusal;
  /** What POST /colleague answers; by default the named colleague, added to the answer's campaign. */
  colleagues?: (item: InboxItem) => AddedColleague | Refusal;
  /** An AI provider is set up (GET /api/public-config). */
  ai?: boolean;
}

const reply = (value: object) =>
  isRefusal(value)
    ? Response.json({ error: value.error, message: value.message }, { status: value.status })
    : Response.json(value);

const ON_ITS_WAY: readonly string[] = ['queued', 'sending', 'scheduled', 'unknown'];

/**
 * The fake server's answering part, over the answers `all` of stubInbox: the thread of each, the
 * answers sent (each a new email, queued as it is sent and sent when the thread is read a poll
 * interval or more after: the send's worker at work, however many reads the page makes meanwhile;
 * one on its way at a time, as the server has it),
 * the AI's suggestions and the colleagues added to the campaign. Null for any other call.
 */
export function answerServer(
  all: InboxItem[],
  {
    threads = (item) => threadOf(item),
    answers,
    suggestions = (id) => ({ body: `<p>Thank you, Person ${id}. Shall we talk on Tuesday?</p>` }),
    ai = false,
    colleagues = (item) => ({
      recipientId: 4_000 + item.id,
      campaignId: item.campaign?.id ?? 0,
      email: item.colleague?.address ?? '',
    }),
  }: AnswerServerOptions = {},
) {
  let nextEmailId = 900;
  const written =
    answers ??
    ((id: number, { body, sendAt }: AnswerBody) =>
      threadAnswer(id, {
        emailId: nextEmailId++,
        body,
        status: sendAt ? 'scheduled' : 'queued',
        scheduledFor: sendAt ?? null,
        sentAt: null,
      }));
  const sent = new Map<number, { answers: ThreadAnswer[]; postedAt: number }>();
  return (method: string, path: string, body: AnswerBody | undefined): Response | null => {
    if (path === '/api/public-config') return Response.json(publicConfig(ai));
    const match = /^\/api\/inbox\/(\d+)\/(thread|answer|cancel-answer|suggestion|colleague)$/.exec(path);
    const item = match && all.find((i) => i.id === Number(match[1]));
    if (!match || !item) return null;
    const id = item.id;
    if (method === 'GET' && match[2] === 'thread') {
      const thread = threads(item);
      const ours = sent.get(id);
      if (isRefusal(thread) || !ours) return reply(thread);
      // Not the reads right after the send (the page re-reads on its own): the poll's.
      if (Date.now() - ours.postedAt >= ANSWER_POLL_MS / 2)
        ours.answers = ours.answers.map((a) =>
          a.status === 'queued' ? { ...a, status: 'sent', sentAt: '2025-08-02T10:00:00.000Z' } : a,
        );
      const latest = ours.answers.at(-1) as ThreadAnswer;
      const onItsWay = ON_ITS_WAY.includes(latest.status);
      return reply({
        ...thread,
        items: [
          ...thread.items,
          ...ours.answers.map((a) => ({ type: 'answer', at: a.createdAt, answer: a })),
        ],
        answer: latest,
        canAnswer: !onItsWay,
        cannotAnswerReason: onItsWay ? 'An answer to this reply is on its way' : null,
      });
    }
    if (method === 'POST' && match[2] === 'answer') {
      const answer = written(id, body ?? { body: '' });
      if (!isRefusal(answer))
        sent.set(id, { answers: [...(sent.get(id)?.answers ?? []), answer], postedAt: Date.now() });
      return reply(answer);
    }
    if (method === 'POST' && match[2] === 'cancel-answer') {
      const ours = sent.get(id);
      const waiting = ours?.answers.find((a) => a.status === 'scheduled');
      if (!ours || !waiting)
        return Response.json({ error: 'conflict', message: 'Nothing waits' }, { status: 409 });
      const stopped = {
        ...waiting,
        status: 'stopped' as const,
        scheduledFor: null,
        errorMessage: 'Cancelled before it was sent',
      };
      ours.answers = ours.answers.map((a) => (a.emailId === waiting.emailId ? stopped : a));
      return reply(stopped);
    }
    if (method === 'POST' && match[2] === 'suggestion') return reply(suggestions(id));
    if (method === 'POST' && match[2] === 'colleague') return reply(colleagues(item));
    return null;
  };
}
