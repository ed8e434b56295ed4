import type { AnalyticsOverview } from '../../../contract/analytics';
import type { InboxItem } from '../../../contract/inbox';
import type { Member } from '../../../contract/workspaces';

export interface Option {
  value: string;
  label: string;
}

/** The choice that filters nothing, in every filter's list. */
export const ANY = 'any';

/**
 * Known choices first, then any seen on the answers listed that the known ones lack, then the
 * chosen one if neither holds it (a bookmarked filter on a campaign since deleted, say), so a
 * Select always shows what the list is filtered by.
 */
function merged(known: Option[], seen: Option[], chosen: string | null, unknownLabel: string): Option[] {
  const options = [...known];
  for (const option of [...seen, ...(chosen === null ? [] : [{ value: chosen, label: unknownLabel }])]) {
    if (!options.some((o) => o.value === option.value)) options.push(option);
  }
  return options;
}

/**
 * Campaigns to filter by: those the workspace has sent from (the analytics overview's list, which
 * keeps archived ones), and any campaign an answer listed names.
 */
export function campaignOptions(
  overview: AnalyticsOverview | undefined,
  items: readonly InboxItem[],
  chosen: number | null,
): Option[] {
  const known = (overview?.campaigns ?? []).map((c) => ({ value: String(c.campaignId), label: c.name }));
  const seen = items.flatMap((item) =>
    item.campaign ? [{ value: String(item.campaign.id), label: item.campaign.name }] : [],
  );
  return [
    { value: ANY, label: 'All campaigns' },
    ...merged(known, seen, chosen === null ? null : String(chosen), `Campaign ${chosen}`),
  ];
}

/** Mailboxes to filter by: those the workspace's campaigns sent from, and any an answer listed came to. */
export function mailboxOptions(
  overview: AnalyticsOverview | undefined,
  items: readonly InboxItem[],
  chosen: number | null,
): Option[] {
  const known = (overview?.mailboxes ?? []).map((m) => ({ value: String(m.mailboxId), label: m.address }));
  const seen = items.flatMap((item) =>
    item.mailbox
      ? [{ value: String(item.mailbox.id), label: item.mailbox.address ?? `Mailbox ${item.mailbox.id}` }]
      : [],
  );
  return [
    { value: ANY, label: 'All mailboxes' },
    ...merged(known, seen, chosen === null ? null : String(chosen), `Mailbox ${chosen}`),
  ];
}

/** How a member is named in choices: their name, else their address. */
export const memberName = (m: Pick<Member, 'userId' | 'name' | 'email'>) =>
  m.name || m.email || `Member ${m.userId}`;

/** Whom answers are assigned to: anyone, the person themself, nobody, or one member. */
export function assigneeFilterOptions(
  members: readonly Member[] | undefined,
  items: readonly InboxItem[],
  chosen: 'me' | 'nobody' | number | null,
): Option[] {
  const known = (members ?? []).map((m) => ({ value: String(m.userId), label: memberName(m) }));
  const seen = items.flatMap((item) =>
    item.assignee ? [{ value: String(item.assignee.id), label: item.assignee.name }] : [],
  );
  const member = typeof chosen === 'number' ? String(chosen) : null;
  return [
    { value: ANY, label: 'Anyone' },
    { value: 'me', label: 'Me' },
    { value: 'nobody', label: 'Nobody' },
    ...merged(known, seen, member, `Member ${chosen}`),
  ];
}
