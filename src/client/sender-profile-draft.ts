import { oneLineError } from '../contract/one-line';
import {
  factListErrors,
  SENDER_PROFILE_LABELS,
  type SenderProfile,
  type SenderProfileInput,
  websiteError,
} from '../contract/sender-profile';

/** The sender profile as its form holds it (Settings, and a campaign's own profile). */
export interface SenderProfileDraft {
  title: string;
  website: string;
  whatWeDo: string;
  offer: string;
  proofPoints: string[];
  neverClaim: string[];
}

export type ProfileList = 'proofPoints' | 'neverClaim';

export function profileDraftOf(profile: SenderProfile | null | undefined): SenderProfileDraft {
  return {
    title: profile?.title ?? '',
    website: profile?.website ?? '',
    whatWeDo: profile?.whatWeDo ?? '',
    offer: profile?.offer ?? '',
    proofPoints: [...(profile?.proofPoints ?? [])],
    neverClaim: [...(profile?.neverClaim ?? [])],
  };
}

/** What the API takes: trimmed, and a list's rows left blank dropped (an unused row says nothing). */
export function profileInputOf(draft: SenderProfileDraft): SenderProfileInput {
  const list = (items: string[]) => items.map((item) => item.trim()).filter(Boolean);
  return {
    title: draft.title.trim() || null,
    website: draft.website.trim() || null,
    whatWeDo: draft.whatWeDo.trim() || null,
    offer: draft.offer.trim() || null,
    proofPoints: list(draft.proofPoints),
    neverClaim: list(draft.neverClaim),
  };
}

/**
 * What the server would refuse, said where it applies: the same rules and words (the contract's).
 * Lengths are kept by the fields themselves (maxLength); a blank row is no problem, it is dropped.
 */
export interface ProfileProblems {
  title: string | null;
  website: string | null;
  /** By row. */
  proofPoints: (string | null)[];
  neverClaim: (string | null)[];
}

export function profileProblems(draft: SenderProfileDraft): ProfileProblems {
  const listProblems = (field: ProfileList) => {
    const byRow: (string | null)[] = draft[field].map(() => null);
    for (const { index, message } of factListErrors(field, draft[field]))
      if (index !== null && draft[field][index]?.trim()) byRow[index] = message;
    return byRow;
  };
  return {
    title: oneLineError(SENDER_PROFILE_LABELS.title, draft.title),
    website: websiteError(draft.website.trim()),
    proofPoints: listProblems('proofPoints'),
    neverClaim: listProblems('neverClaim'),
  };
}

/** The first problem of the form, for a save that cannot go ahead; null when it can. */
export function firstProfileProblem(draft: SenderProfileDraft): string | null {
  const problems = profileProblems(draft);
  return (
    problems.title ??
    problems.website ??
    problems.proofPoints.find(Boolean) ??
    problems.neverClaim.find(Boolean) ??
    null
  );
}
