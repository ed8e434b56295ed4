import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import type { Mailbox } from '../../../contract/mailboxes';
import { keyOf, queryOf, readOnEachVisit } from '../../api';
import { timeOfMinute, WEEKDAYS } from '../../components/send-window';
import { mailboxStatusQuery } from './mailbox-sync';

/** The signed-in person's mailboxes; what each sent today moves in the background, so each visit reads it afresh. */
export const mailboxesQuery = {
  ...queryOf(api.mailboxes.list),
  refetchOnMount: readOnEachVisit,
};

/** What each kind of mailbox is, in words. */
export const MAILBOX_KIND_NAMES: Record<Mailbox['kind'], string> = {
  google: 'Gmail',
  microsoft: 'Outlook',
  server: "This server's relay",
  smtp: 'Own SMTP server',
};

/** A campaign's chosen mailboxes: /api/campaigns/:id/mailboxes. */
export const isCampaignMailboxesKey = (key: readonly unknown[]) =>
  key[0] === 'api' && key[1] === 'campaigns' && key.length === 4 && key[3] === 'mailboxes';

/**
 * After a mailbox changes: the list, the campaigns' choices that show its address, and the
 * Replies and bounces card, which follows the default mailbox.
 */
export function refreshMailboxQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keyOf(api.mailboxes.list), exact: true }),
    queryClient.invalidateQueries({ predicate: (query) => isCampaignMailboxesKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: mailboxStatusQuery.queryKey }),
  ]);
}

/** "12 of 500 sent today". */
export const sentTodayText = (mailbox: Pick<Mailbox, 'sentToday' | 'dailyLimit'>) =>
  `${mailbox.sentToday.toLocaleString()} of ${mailbox.dailyLimit.toLocaleString()} sent today`;

/** "1,200 sent · 36 replies · 6 hard bounces (0.5%)": what it did in all, in any workspace. */
export function mailboxTotalsText({ sent, replied, bounced }: Pick<Mailbox, 'sent' | 'replied' | 'bounced'>) {
  if (sent === 0) return 'Nothing sent yet';
  const bounceRate = ((bounced / sent) * 100).toFixed(1);
  return `${sent.toLocaleString()} sent · ${replied.toLocaleString()} ${replied === 1 ? 'reply' : 'replies'} · ${bounced.toLocaleString()} hard ${bounced === 1 ? 'bounce' : 'bounces'} (${bounceRate}%)`;
}

/** "Sends Mon–Fri 09:00–17:00" (days listed when not a run), or null for a mailbox that sends any time. */
export function sendingHoursText(hours: Mailbox['sendingHours']): string | null {
  if (!hours) return null;
  const label = (day: number) => WEEKDAYS.find((w) => w.day === day)?.label ?? String(day);
  const days = [...hours.days].sort((a, b) => a - b);
  const isRun = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayText =
    days.length === 7
      ? 'every day'
      : isRun
        ? `${label(days[0]!)}–${label(days.at(-1)!)}`
        : days.map(label).join(', ');
  return `Sends ${dayText} ${timeOfMinute(hours.startMinute)}–${timeOfMinute(hours.endMinute)}`;
}
