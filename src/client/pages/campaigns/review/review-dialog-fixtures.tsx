import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { CurrentUser } from '../../../../contract/auth';
import { type Campaign, DEFAULT_SEND_WINDOW, type Email } from '../../../../contract/campaigns';
import type { EmailEvent, InboundEvent } from '../../../../contract/conversations';
import { FINDING_KINDS, type Finding } from '../../../../contract/draft-findings';
import { allows, FOLLOW_UPS_TO_START } from '../../../../contract/email-rules';
import { createQueryClient } from '../../../api';
import type { EmailCounts } from '../emails/email-queries';
import type { Generation } from '../generation/use-generation';
import { ReviewDialog } from './review-dialog';

/** What the Review & Edit dialog's tests share: a campaign, emails, a fake server, rendering. */

export const campaign: Campaign = {
  id: 7,
  name: 'Expo follow-up',
  description: null,
  notes: null,
  status: 'ready',
  templateId: 1,
  recipientCount: 3,
  columnMapping: {},
  includeUnsubscribeLink: true,
  unsubscribeMessage: null,
  trackOpens: true,
  checkClaimsWithAi: true,
  claimCheck: { drafts: 0, tokens: 0 },
  steps: [],
  sendWindow: DEFAULT_SEND_WINDOW,
  createdAt: '2025-08-01T00:00:00Z',
  archivedAt: null,
  generation: { processed: 3, total: 3, error: null },
};

export const email = (id: number, changes: Partial<Email> = {}): Email => ({
  id,
  campaignId: 7,
  recipientId: id,
  step: 1,
  subject: `Hello ${id}`,
  body: `<p>Body ${id}</p>`,
  isApproved: false,
  isEdited: false,
  status: 'draft',
  errorMessage: null,
  attentionReason: null,
  findings: null,
  findingsDismissed: false,
  needsAttention: false,
  sentAt: null,
  scheduledFor: null,
  messageId: null,
  repliedAt: null,
  bouncedAt: null,
  bounceKind: null,
  recipient: { email: `r${id}@example.com`, company: 'Acme', jobTitle: 'CTO' },
  ...changes,
});

export const inbound = (id: number, changes: Partial<InboundEvent> = {}): EmailEvent => {
  const message: InboundEvent = {
    id,
    kind: 'reply',
    bounceKind: null,
    bounceStatus: null,
    bounceDiagnostic: null,
    fromAddress: 'r1@example.com',
    fromName: 'Robin Doe',
    subject: 'Re: Hello 1',
    snippet: 'Sounds good',
    link: null,
    category: null,
    categorySource: null,
    notNowUntil: null,
    receivedAt: '2025-08-02T09:00:00Z',
    ...changes,
  };
  return { type: 'inbound', at: message.receivedAt, message };
};

/** A finding of the draft checks, medium unless told otherwise. */
export const finding = (changes: Partial<Finding> = {}): Finding => ({
  kind: 'ungrounded',
  severity: 'medium',
  span: null,
  reason: 'Nothing the AI was given says so',
  ...changes,
});

/** As the server decides it: a draft awaiting approval with findings not dismissed. */
const needsAttention = (e: Email) =>
  !e.isApproved &&
  !e.findingsDismissed &&
  (e.findings?.length ?? 0) > 0 &&
  (e.status === 'draft' || e.status === 'failed');

const hasOpenHigh = (e: Email) =>
  !e.findingsDismissed && (e.findings ?? []).some((f) => f.severity === 'high');

/** The campaign-wide counts the server sends with every page. */
function countsOf(emails: Email[]): EmailCounts {
  const approved = emails.filter((e) => e.isApproved);
  const inReview = emails.filter((e) => !e.isApproved && allows('approve', e.status));
  const open = emails.filter(needsAttention);
  return {
    approved: approved.length,
    firstToSend: approved.filter((e) => e.step === 1 && allows('send-approved', e.status)).length,
    followUpsToStart: approved.filter((e) => e.step > 1 && FOLLOW_UPS_TO_START.includes(e.status)).length,
    needsAttention: open.length,
    byKind: Object.fromEntries(
      FINDING_KINDS.map((kind) => [
        kind,
        open.filter((e) => e.findings?.some((f) => f.kind === kind)).length,
      ]),
    ) as EmailCounts['byKind'],
    withoutFindings: inReview.filter((e) => e.findings?.length === 0).length,
    unchecked: inReview.filter((e) => e.findings === null).length,
    approvedWithDismissed: approved.filter((e) => e.findingsDismissed && (e.findings?.length ?? 0) > 0)
      .length,
  };
}

/** A page of the review queue: `emails` in the order given, kept to a finding filter if one is asked. */
function pageOf(emails: Email[], query: URLSearchParams) {
  const finding = query.get('finding');
  const listed = emails
    .map((e) => ({ ...e, needsAttention: needsAttention(e) }))
    .filter(
      (e) =>
        finding === null ||
        (e.needsAttention && (finding === 'any' || e.findings?.some((f) => f.kind === finding))),
    );
  const limit = Number(query.get('limit') ?? 50);
  const offset = Number(query.get('offset') ?? 0);
  return {
    items: listed.slice(offset, offset + limit),
    total: listed.length,
    limit,
    offset,
    counts: countsOf(emails),
  };
}

/**
 * A fake server holding `emails`, and each email's events by id; `regenerate` answers "Regenerate
 * step N" (by default, as the server does, dropping the step's drafts to write them again) and
 * `approveAll` answers Approve All, given its body. Returns the calls it answered.
 */
export function stubServer(
  emails: Email[],
  events: Record<number, EmailEvent[]> = {},
  regenerate = (step: number) => {
    const kept = emails.filter((e) => e.step !== step || e.status !== 'draft');
    const regenerating = emails.length - kept.length;
    emails.splice(0, emails.length, ...kept);
    return Response.json({ regenerating });
  },
  approveAll = (_body: unknown) => Response.json({ approved: 2, held: 0, heldForOthers: 0 }),
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/campaigns/7/emails?')) {
      return Response.json(pageOf(emails, new URLSearchParams(url.slice(url.indexOf('?') + 1))));
    }
    if (url === '/api/campaigns/7/daily-stats') {
      return Response.json({ todaySentCount: 20, dailyLimit: 500, remainingToday: 480 });
    }
    const put = url.match(/^\/api\/emails\/(\d+)$/);
    if (put && method === 'PUT') {
      // Kept, so the refetch after the change sees it as a server would.
      const index = emails.findIndex((e) => e.id === Number(put[1]));
      const change = JSON.parse(String(init?.body));
      if (change.isApproved && hasOpenHigh(emails[index]!)) {
        return Response.json(
          {
            message:
              'This email has a high-severity finding: fix it, or dismiss its findings if the text is right as it is',
          },
          { status: 409 },
        );
      }
      emails[index] = { ...emails[index], ...change } as Email;
      return Response.json({ ...emails[index], needsAttention: needsAttention(emails[index]!) });
    }
    if (url === '/api/emails/1/send') {
      return Response.json({
        status: 'unsubscribed',
        unsubscribed: true,
        scheduledFor: null,
        email: emails[0],
      });
    }
    if (url === '/api/campaigns/7/approve-all' && method === 'POST') {
      return approveAll(init?.body ? JSON.parse(String(init.body)) : undefined);
    }
    if (url === '/api/campaigns/7/regenerate-step' && method === 'POST') {
      return regenerate(JSON.parse(String(init?.body)).step);
    }
    const eventsOf = url.match(/^\/api\/emails\/(\d+)\/events$/);
    if (eventsOf) return Response.json({ events: events[Number(eventsOf[1])] ?? [] });
    return new Response('Not here', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function renderDialog(shown: Campaign = campaign, generation?: Generation) {
  const client = createQueryClient();
  const ui = (following?: Generation) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <ReviewDialog campaign={shown} onClose={() => {}} generation={following} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(ui(generation));
  /** Renders again with the page's generation as it is now; `client` is the review's query cache. */
  return { rerender: (following?: Generation) => result.rerender(ui(following)), client };
}

/**
 * Who is signed in (user `userId`), their workspace (four-eyes or not) and its `members`, answered
 * in front of the fake server stubServer set up (call it after stubServer).
 */
export function stubTeam({ userId = 1, fourEyes = false, members = 2 } = {}) {
  const behind = globalThis.fetch;
  const person = (id: number) => ({
    userId: id,
    name: `Member ${id}`,
    email: `m${id}@example.com`,
    role: 'reviewer',
    joinedAt: '2025-08-01T00:00:00Z',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return Response.json({ ...user, id: userId });
      if (url === '/api/workspaces')
        return Response.json([{ id: 5, name: 'Sales team', role: 'reviewer', fourEyes, keepAnswerDays: 0 }]);
      if (url === '/api/workspace/members')
        return Response.json(Array.from({ length: members }, (_, i) => person(i + 1)));
      return behind(url, init);
    }),
  );
}

const user: CurrentUser = {
  id: 1,
  profileImageUrl: null,
  firstName: 'Pat',
  lastName: null,
  email: 'm1@example.com',
  termsAcceptedAt: '2025-08-01T00:00:00Z',
  provider: 'local',
  timeZone: 'UTC',
  mailboxNeedsReauth: false,
  isOperator: false,
};

/** The Campaigns page's generation as the review sees it: `generating` or not, with fixed progress. */
export function fakeGeneration(generating = false) {
  return {
    start: vi.fn(),
    isGenerating: () => generating,
    progressOf: () => ({ progress: 50, processed: 3, total: 6, currentRecipient: 'r2@example.com' }),
  } satisfies Generation;
}

/** After each test: the real fetch back, and no toast left over (the store outlives a render). */
export function cleanUp() {
  vi.unstubAllGlobals();
  notifications.clean();
}

/** Opens the review's "Bulk actions" menu and finds one of its items (a Mantine menu renders them on opening). */
export async function bulkMenuItem(name: string | RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: 'Bulk actions' }));
  return screen.findByRole('menuitem', { name });
}
