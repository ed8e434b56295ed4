import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailEvent } from '../../../../contract/conversations';
import { createQueryClient } from '../../../api';
import { EmailConversation } from './email-conversation';
import { inbound } from './review-dialog-fixtures';

afterEach(() => vi.unstubAllGlobals());

function renderConversation(events: EmailEvent[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/emails/1/events' ? Response.json({ events }) : new Response('Not here', { status: 404 }),
    ),
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <EmailConversation emailId={1} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.findByRole('region', { name: 'Conversation' });
}

describe("an email's conversation", () => {
  it('lists the answers the team wrote in the inbox among the replies, oldest first', async () => {
    const conversation = await renderConversation([
      { type: 'sent', at: '2025-08-01T10:00:00.000Z' },
      inbound(13, { snippet: 'Sounds good, call me' }),
      {
        type: 'answered',
        at: '2025-08-02T09:00:00.000Z',
        messageId: 13,
        answerEmailId: 77,
        status: 'sent',
        sentAt: '2025-08-02T09:01:00.000Z',
        by: 'ada@example.com',
        snippet: 'Happy to, <b>Tuesday</b> at 10?',
      },
      {
        type: 'answered',
        at: '2025-08-03T09:00:00.000Z',
        messageId: 14,
        answerEmailId: 78,
        status: 'failed',
        sentAt: null,
        by: null,
        snippet: 'Second thoughts',
      },
    ]);
    const articles = await within(conversation).findAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Reply from Robin Doe',
      'Answer by ada@example.com',
      'Answer by a former member',
    ]);
    const [, sent, failed] = articles as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sent).getByText(/^Answered by ada@example\.com —/).textContent).toBe(
      'Answered by ada@example.com — Sent',
    );
    expect(within(sent).getByText('Aug 2, 2025, 9:01 AM')).toBeTruthy();
    // Our member's words, but shown as text all the same.
    expect(within(sent).getByText('Happy to, <b>Tuesday</b> at 10?')).toBeTruthy();
    expect(sent.querySelector('b')).toBeNull();
    expect(within(failed).getByText(/^Answered by/).textContent).toBe('Answered by a former member — Failed');
    expect(within(conversation).queryByText('No replies or bounces yet.')).toBeNull();
  });
});
