import type { MantineColor } from '@mantine/core';
import type { Email } from '../../../../contract/campaigns';
import type { FindingKind, FindingSeverity } from '../../../../contract/draft-findings';

/** What each kind of draft check is called on screen: what it found, in the user's words. */
export const FINDING_KIND_LABELS: Record<FindingKind, string> = {
  ungrounded: 'Unsupported claims',
  duplicate: 'Near-duplicates',
  personalisation: 'Not personalised',
  deliverability: 'Deliverability',
  length: 'Unusual length',
};

export const SEVERITY_BADGES: Record<FindingSeverity, { label: string; color: MantineColor }> = {
  high: { label: 'High', color: 'red' },
  medium: { label: 'Medium', color: 'orange' },
  low: { label: 'Low', color: 'gray' },
};

/** Shown where approving one email is refused: the server refuses it too, with its own words. */
export const APPROVAL_BLOCKED_HINT = 'Fix or dismiss the findings first';

type WithFindings = Pick<Email, 'findings' | 'findingsDismissed'>;

export const hasFindings = (email: WithFindings) => (email.findings?.length ?? 0) > 0;

/** The findings still standing: none once the user dismissed them. */
export const openFindings = (email: WithFindings) => (email.findingsDismissed ? [] : (email.findings ?? []));

/** An open high-severity finding keeps an email from being approved until it is fixed or dismissed. */
export const approvalBlocked = (email: WithFindings & Pick<Email, 'isApproved'>) =>
  !email.isApproved && openFindings(email).some((f) => f.severity === 'high');
