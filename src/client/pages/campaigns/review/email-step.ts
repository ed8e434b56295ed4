import type { Email } from '../../../../contract/campaigns';

/** Which step of its sequence an email is: "Step 1" for the first email, "Step 2 · follow-up" after. */
export const stepLabel = (step: number) => (step <= 1 ? 'Step 1' : `Step ${step} · follow-up`);

export const isFollowUp = (email: Pick<Email, 'step'>) => email.step > 1;

/**
 * Why a follow-up's subject cannot be edited: mail programs thread a reply by its subject, so it
 * goes out as "Re: " and the first email's subject, whatever is stored for it.
 */
export const FOLLOW_UP_SUBJECT_NOTE =
  'Follow-ups reply in the first email’s thread, so they keep its subject.';
