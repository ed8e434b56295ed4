import type { EmailCounts } from '../emails/email-queries';

/** "1 first email", "20 first emails"; for a campaign without follow-ups "1 email", "20 emails". */
function firstEmails(n: number, sequence: boolean) {
  const noun = sequence ? 'first email' : 'email';
  return `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
}

function followUps(n: number) {
  return `${n.toLocaleString()} approved ${n === 1 ? 'follow-up' : 'follow-ups'}`;
}

/**
 * What the review's "Send now" and "Schedule" will do, named exactly (issue #28): the server sends or
 * schedules the approved first emails only (counts.firstToSend) and puts the approved follow-ups still
 * in review into their sequence (counts.followUpsToStart), each to go at its due time. A button that
 * would do nothing is off; when only follow-ups are left to start, the primary action says so.
 */
export interface SendPlan {
  /** The primary button: sends the first emails now, or (none left) starts the follow-ups. */
  primary: { kind: 'send' | 'start'; label: string; disabled: boolean };
  /** The confirmation of the primary action. */
  confirm: { title: string; message: string; confirmLabel: string; note: string | null };
  /** "Schedule…": only the first emails take the chosen time. */
  schedule: { label: string; disabled: boolean; description: string };
}

export function sendPlan(
  counts: Pick<EmailCounts, 'firstToSend' | 'followUpsToStart'> | undefined,
  { name, sequence, loading }: { name: string; sequence: boolean; loading: boolean },
): SendPlan {
  const first = counts?.firstToSend ?? 0;
  const later = counts?.followUpsToStart ?? 0;
  const known = counts !== undefined && !loading;
  const firstLabel = sequence ? 'Send first emails now' : 'Send now';
  const startOnly = known && first === 0 && later > 0;
  const followUpNote =
    later > 0
      ? `The ${followUps(later)} go at their due time, each once the step before it has been sent; none goes now.`
      : sequence
        ? 'No follow-up goes now: each goes at its due time, once the step before it has been sent.'
        : null;
  const primary = startOnly
    ? { kind: 'start' as const, label: `Start follow-ups (${later.toLocaleString()})`, disabled: false }
    : {
        kind: 'send' as const,
        label: known ? `${firstLabel} (${first.toLocaleString()})` : firstLabel,
        disabled: !known || first === 0,
      };
  const confirm = startOnly
    ? {
        title: 'Start approved follow-ups',
        message: `Start ${followUps(later)} of “${name}”? None goes now: each goes at its due time, once the step before it has been sent.`,
        confirmLabel: 'Start follow-ups',
        note: null,
      }
    : {
        title: 'Send approved emails',
        message: `Send ${firstEmails(first, sequence)} of “${name}” now?`,
        confirmLabel: 'Send now',
        note: followUpNote,
      };
  return {
    primary,
    confirm,
    schedule: {
      label: `${sequence ? 'Schedule first emails' : 'Schedule'}${known ? ` (${first.toLocaleString()})` : ''}…`,
      disabled: !known || first === 0,
      description: `Choose when to send ${firstEmails(first, sequence)} of “${name}”.${followUpNote ? ` ${followUpNote}` : ''}`,
    },
  };
}
