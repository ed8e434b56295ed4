import { AppShell, MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnalyticsOverview } from '../../../contract/analytics';
import type { AnswerCategory } from '../../../contract/answers';
import type { CurrentUser } from '../../../contract/auth';
import type { AnswerMessage, InboxItem } from '../../../contract/inbox';
import type { Member, Role } from '../../../contract/workspaces';
import { createQueryClient } from '../../api';
import { AppNavbar } from '../../components/app-navbar';
import { type AnswerServerOptions, answerServer } from './answer-fixtures';
import { InboxPage } from './inbox-page';

/** What the inbox's tests share: answers, a fake server that keeps their changes, rendering. */

export const answer = (id: number, changes: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'reply',
  bounceKind: null,
  bounceStatus: null,
  bounceDiagnostic: null,
  fromAddress: `p${id}@example.com`,
  fromName: `Person ${id}`,
  subject: `Re: Hello ${id}`,
  snippet: `Answer number ${id}`,
  link: null,
  colleague: null,
  category: null,
  categorySource: null,
  notNowUntil: null,
  // Newest first: a higher id arrived later.
  receivedAt: new Date(Date.UTC(2025, 7, 1, 9, id)).toISOString(),
  emailId: id,
  campaign: { id: 7, name: 'Expo follow-up' },
  recipientEmail: `p${id}@example.com`,
  mailbox: { id: 3, address: 'sales@example.com' },
  assignee: null,
  readAt: null,
  answer: null,
  ...changes,
});

/** An answer's whole message, as GET /api/inbox/:id/message reads it from the mailbox. */
export const wholeMessage = (id: number, changes: Partial<AnswerMessage> = {}): AnswerMessage => ({
  subject: `Re: Hello ${id}`,
  from: { name: `Person ${id}`, address: `p${id}@example.com` },
  to: ['Ada Lovelace <sales@example.com>'],
  cc: [],
  date: '2025-08-01T09:00:00.000Z',
  html: `<p>The whole of answer number ${id}</p>`,
  text: `The whole of answer number ${id}`,
  blockedImages: 0,
  attachments: [],
  source: 'mailbox',
  ...changes,
});

/** What the fake server answers for a message: the message, or a refusal in the server's shape. */
export type MessageReply = AnswerMessage | { status: number; error: string; message: string };

export const members: Member[] = [
  {
    userId: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'owner',
    joinedAt: '2025-01-01T00:00:00Z',
  },
  {
    userId: 2,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    role: 'reviewer',
    joinedAt: '2025-01-02T00:00:00Z',
  },
];

const overview: AnalyticsOverview = {
  totals: {
    sent: 0,
    opened: 0,
    openedIncludingMachine: 0,
    unopened: 0,
    openRate: 0,
    openRateIncludingMachine: 0,
    unsubscribes: 0,
    replied: 0,
    replyRate: 0,
    bounced: 0,
    bounceRate: 0,
  },
  campaigns: [],
  members: [],
  mailboxes: [],
};

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Each call's headers, as the client set them (the Idempotency-Key among them). */
export const headersOf = new WeakMap<Call, Record<string, string>>();

/**
 * A fake server holding `items` (give them newest first) that pages and filters them as GET
 * /api/inbox does and keeps each PUT's change, answering the answer as it now is; each answer's
 * whole message is `messages(id, images)`. The signed-in person (member 1) holds `role`. Each
 * answer's thread, answering it and the AI's suggestions: answerServer. Returns every call, in order.
 */
export function stubInbox(
  items: InboxItem[],
  {
    role = 'owner' as Role,
    messages = (id: number, _images: boolean): MessageReply => wholeMessage(id),
    ...answering
  }: { role?: Role; messages?: (id: number, images: boolean) => MessageReply } & AnswerServerOptions = {},
) {
  const calls: Call[] = [];
  const all = items.map((item) => ({ ...item }));
  const answers = answerServer(all, answering);
  const listed = (query: URLSearchParams) =>
    all.filter((item) => {
      const status = query.get('status');
      const category = query.get('category');
      const assignee = query.get('assignee');
      if (status === 'unread' && item.readAt !== null) return false;
      if (status === 'read' && item.readAt === null) return false;
      if (category === 'none' ? item.category !== null : category !== null && item.category !== category)
        return false;
      if (query.has('campaignId') && item.campaign?.id !== Number(query.get('campaignId'))) return false;
      if (query.has('mailboxId') && item.mailbox?.id !== Number(query.get('mailboxId'))) return false;
      if (assignee === 'nobody' && item.assignee !== null) return false;
      if (assignee === 'me' && item.assignee?.id !== 1) return false;
      if (assignee && /^\d+$/.test(assignee) && item.assignee?.id !== Number(assignee)) return false;
      return true;
    });
  const unread = () => all.filter((item) => item.readAt === null).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, url, body };
      calls.push(call);
      headersOf.set(call, (init?.headers ?? {}) as Record<string, string>);
      const [path = '', search] = url.split('?');
      const query = new URLSearchParams(search);
      if (method === 'GET' && path === '/api/inbox') {
        const limit = Number(query.get('limit') ?? 50);
        const offset = Number(query.get('offset') ?? 0);
        const matching = listed(query);
        return Response.json({
          items: matching.slice(offset, offset + limit),
          total: matching.length,
          limit,
          offset,
          unread: unread(),
        });
      }
      if (path === '/api/inbox/unread') return Response.json({ unread: unread() });
      const read = /^\/api\/inbox\/(\d+)\/message$/.exec(path);
      if (method === 'GET' && read) {
        const reply = messages(Number(read[1]), query.get('images') === 'true');
        return 'status' in reply
          ? Response.json({ error: reply.error, message: reply.message }, { status: reply.status })
          : Response.json(reply);
      }
      // Untyped: a field the contract does not know is dropped as the reply is read.
      if (path === '/api/workspaces')
        return Response.json([{ id: 1, name: 'Acme', role, fourEyes: false, keepAnswerDays: 0 }]);
      if (path === '/api/workspace/members') return Response.json(members);
      if (path === '/api/analytics/overview') return Response.json(overview);
      const put = /^\/api\/inbox\/(\d+)\/(read|category|assignee)$/.exec(path);
      const item = put && all.find((i) => i.id === Number(put[1]));
      if (method === 'PUT' && put && item) {
        if (put[2] === 'read') item.readAt = body.read ? '2025-08-02T10:00:00.000Z' : null;
        if (put[2] === 'category') {
          item.category = body.category as AnswerCategory | null;
          item.categorySource = body.category ? 'person' : null;
          item.notNowUntil = body.notNowUntil ?? null;
        }
        if (put[2] === 'assignee') {
          const member = members.find((m) => m.userId === body.userId);
          item.assignee = member ? { id: member.userId, name: member.name ?? '' } : null;
        }
        return Response.json(item);
      }
      return (
        answers(method, path, body) ?? new Response('Not here', { status: 404, statusText: 'Not Found' })
      );
    }),
  );
  return calls;
}

const user: CurrentUser = {
  id: 1,
  profileImageUrl: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  termsAcceptedAt: '2025-08-01T00:00:00Z',
  provider: 'local',
  timeZone: 'UTC',
  mailboxNeedsReauth: false,
  isOperator: false,
};

/**
 * The inbox at `path` (its query string holds the filters), in the browser's own address bar; with
 * `withNavbar`, beside the sidebar, sharing its cache as in the app.
 */
export function renderInbox(path = '/inbox', { withNavbar = false } = {}) {
  window.history.replaceState(null, '', path);
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        {withNavbar ? (
          <AppShell>
            <AppShell.Navbar>
              <AppNavbar user={user} onNavigate={() => {}} />
            </AppShell.Navbar>
            <AppShell.Main>
              <InboxPage />
            </AppShell.Main>
          </AppShell>
        ) : (
          <InboxPage />
        )}
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export function cleanUp() {
  vi.unstubAllGlobals();
  // The filters live in the address bar: start each test from a plain page.
  window.history.replaceState(null, '', '/');
  // The toast store outlives a render: start each test with none.
  notifications.clean();
}

export const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
/** Every read of a whole message, by its address. */
export const messageReads = (calls: Call[]) =>
  calls.filter((c) => /^\/api\/inbox\/\d+\/message/.test(c.url)).map((c) => c.url);
export const lastList = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/api/inbox?')).at(-1)?.url;

/** The rows listed, each by its button's text. */
export const rows = () =>
  within(screen.getByRole('list', { name: 'Answers' }))
    .queryAllByRole('listitem')
    .map((row) => row.textContent ?? '');

/** The detail pane of the answer from `sender`. */
export const detailOf = (sender: string) => screen.findByRole('region', { name: `Answer from ${sender}` });
