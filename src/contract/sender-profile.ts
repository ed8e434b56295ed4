import { z } from 'zod';
import { oneLineError } from './one-line';

/**
 * The sender profile (docs/product.md §9): what the AI that writes the emails may say about the
 * sender and their company, and what it must never claim. Kept in Settings; a campaign may carry
 * its own, whose filled fields take the place of the Settings' ones for that campaign.
 */

export const SENDER_PROFILE_LIMITS = {
  title: 200,
  website: 500,
  /** What the company does, and the offer: a paragraph each. */
  text: 1000,
  /** Proof points, and never-claim entries: a list each, of short facts. */
  items: 20,
  item: 300,
} as const;

/** The Settings page's label of each field, which the API's errors name too. */
export const SENDER_PROFILE_LABELS = {
  title: 'Your Title',
  website: 'Website',
  whatWeDo: 'What Your Company Does',
  offer: 'Your Offer',
  proofPoints: 'Proof Points',
  neverClaim: 'Never Claim',
} as const;

/** How an error names one entry of a list ("Proof point 3 …"). */
const ITEM_LABELS = { proofPoints: 'Proof point', neverClaim: 'Never-claim entry' } as const;

const n = (count: number) => count.toLocaleString('en-US');

/** The website's error, or null: an http(s) address with a domain, as recipients would open it. */
export function websiteError(value: string | null | undefined): string | null {
  if (!value) return null;
  const message = `${SENDER_PROFILE_LABELS.website} must be a web address starting with https:// or http://, such as https://acme.com`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return message;
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.') || /\s/.test(value)) return message;
  return value.length > SENDER_PROFILE_LIMITS.website
    ? `${SENDER_PROFILE_LABELS.website}: at most ${n(SENDER_PROFILE_LIMITS.website)} characters`
    : null;
}

/** Every problem of one list, each naming the entry by its number as the page shows it (1 first). */
export function factListErrors(
  field: keyof typeof ITEM_LABELS,
  items: readonly string[],
): { index: number | null; message: string }[] {
  const errors: { index: number | null; message: string }[] = [];
  const { items: most, item: longest } = SENDER_PROFILE_LIMITS;
  if (items.length > most)
    errors.push({
      index: null,
      message: `${SENDER_PROFILE_LABELS[field]}: at most ${most} entries (this list has ${items.length})`,
    });
  items.forEach((raw, index) => {
    const value = raw.trim();
    const label = `${ITEM_LABELS[field]} ${index + 1}`;
    const message = !value
      ? `${label} is empty: write it or remove it`
      : value.length > longest
        ? `${label} has ${n(value.length)} characters: at most ${longest}`
        : oneLineError(label, value);
    if (message) errors.push({ index, message });
  });
  return errors;
}

const text = (field: 'title' | 'whatWeDo' | 'offer', max: number, oneLine = false) =>
  z
    .string()
    .trim()
    .max(max, `${SENDER_PROFILE_LABELS[field]}: at most ${n(max)} characters`)
    .refine((value) => !oneLine || oneLineError('', value) === null, {
      message: oneLineError(SENDER_PROFILE_LABELS[field], '\n') ?? undefined,
    })
    .nullable()
    .optional();

const factList = (field: keyof typeof ITEM_LABELS) =>
  z
    .array(z.string().max(10_000))
    .max(1000)
    .superRefine((items, ctx) => {
      for (const { index, message } of factListErrors(field, items))
        ctx.addIssue({ code: 'custom', message, path: index === null ? [] : [index] });
    })
    .transform((items) => items.map((item) => item.trim()))
    .nullable()
    .optional();

/**
 * A profile as the API takes it, in Settings (POST /api/sender-settings, `profile`) and on a
 * campaign (`senderProfile`). A field left out, null, blank or an empty list says nothing: in
 * Settings it is cleared, on a campaign the Settings' value is used.
 */
export const senderProfileInput = z
  .object({
    title: text('title', SENDER_PROFILE_LIMITS.title, true),
    website: z
      .string()
      .trim()
      .max(10_000)
      .refine((value) => websiteError(value) === null, {
        error: (issue) => websiteError(String(issue.input).trim()) ?? 'Invalid website',
      })
      .nullable()
      .optional(),
    whatWeDo: text('whatWeDo', SENDER_PROFILE_LIMITS.text),
    offer: text('offer', SENDER_PROFILE_LIMITS.text),
    proofPoints: factList('proofPoints'),
    neverClaim: factList('neverClaim'),
  })
  .strict();
export type SenderProfileInput = z.infer<typeof senderProfileInput>;

/** A profile as the API shows it: every field there, null or an empty list when not filled in. */
export const senderProfile = z.object({
  /** The sender's job title ("Head of Partnerships"). */
  title: z.string().nullable(),
  website: z.string().nullable(),
  /** What the company does, in a sentence or two. */
  whatWeDo: z.string().nullable(),
  /** What the emails offer the recipient (a pilot, a call, a discount). */
  offer: z.string().nullable(),
  /** Short facts the AI may state: customers, figures, awards. */
  proofPoints: z.array(z.string()),
  /** What the AI must never claim ("We are SOC 2 certified", "Offices in Berlin"). */
  neverClaim: z.array(z.string()),
});
export type SenderProfile = z.infer<typeof senderProfile>;

export const EMPTY_SENDER_PROFILE: SenderProfile = {
  title: null,
  website: null,
  whatWeDo: null,
  offer: null,
  proofPoints: [],
  neverClaim: [],
};

/** A profile as stored from what the API took: trimmed, blanks as null. */
export function senderProfileOf(input: SenderProfileInput): SenderProfile {
  const blankToNull = (value: string | null | undefined) => value?.trim() || null;
  return {
    title: blankToNull(input.title),
    website: blankToNull(input.website),
    whatWeDo: blankToNull(input.whatWeDo),
    offer: blankToNull(input.offer),
    proofPoints: input.proofPoints ?? [],
    neverClaim: input.neverClaim ?? [],
  };
}

export function isEmptySenderProfile(profile: SenderProfile): boolean {
  return (
    !profile.title &&
    !profile.website &&
    !profile.whatWeDo &&
    !profile.offer &&
    profile.proofPoints.length === 0 &&
    profile.neverClaim.length === 0
  );
}

/** A fact of the sender profile that an AI draft states (docs/product.md §5, "Sender facts used"). */
export const senderFactUsed = z.object({
  kind: z.enum(['proofPoint', 'offer', 'website']),
  /** The fact as the profile words it. */
  text: z.string(),
});
export type SenderFactUsed = z.infer<typeof senderFactUsed>;
