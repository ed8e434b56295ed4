import type { SenderFactUsed, SenderProfile } from '../../../contract/sender-profile';

/**
 * Which facts of the sender profile a draft states, for the review ("Sender facts used"). A model
 * rarely copies a fact word for word ("trusted by 12,000 teams" becomes "12000 teams rely on
 * us"), so a fact counts as used when its figures all appear and enough of its distinctive words
 * do; a different figure ("12,500 teams") or the same words without the figure is not the fact.
 */

/** Words that tell no fact from another. */
const COMMON = new Set(
  (
    'a an the and or but of for to in on at by with from as is are was were be been being it its ' +
    'this that these those our we us you your their they them he she his her i my me over more than ' +
    'less under about into per each every all any some most no not only also very just has have had ' +
    'do does did can will would could should may might used use uses using across since up out so ' +
    'who which what where when how than then there here one ' +
    // Praise any company gives itself: no fact in them.
    'best better good great leading top world class quality'
  ).split(' '),
);

/** "12,000", "12.000", "12 000" and "12’000" are one number: the separators go. */
const GROUPED = /(?<![\d.,])\d{1,3}(?:([,.'’\u00a0\u202f ])\d{3})(?:\1\d{3})*(?![\d]|[.,]\d)/g;

/** Lower case, one kind of apostrophe and dash, numbers without thousands separators. */
export function normaliseFactText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(GROUPED, (group) => group.replace(/[^\d]/g, ''))
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A word's plain form, so "teams" meets "team", "rated" meets "rate" and "30 days" meets
 * "30-day" (English endings only; both sides go through it, so it need only be consistent).
 */
function stem(word: string) {
  let w = word.replace(/'s$/, '');
  if (w.length > 3) {
    if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
    else if (/(?:ss|us|is)$/.test(w)) {
      // "class", "status", "analysis": no plural to take off.
    } else if (/(?:sses|xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
    else if (w.endsWith('s')) w = w.slice(0, -1);
    else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
    else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  }
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

const TOKEN = /\d+(?:\.\d+)?|\p{L}[\p{L}'-]*/gu;
const isFigure = (token: string) => /^\d/.test(token);
/** How many words after a figure its unit may stand in a draft ("12,000 happy teams"). */
const UNIT_WITHIN = 2;

/**
 * A normalised text's distinctive words (by stem) and its figures, each with the stems of the
 * words just after it in the text: what it counts ("12000" → "team").
 */
function partsOf(normalised: string) {
  const tokens = normalised.match(TOKEN) ?? [];
  const words = new Set<string>();
  const figures = new Map<string, Set<string>>();
  tokens.forEach((token, i) => {
    if (isFigure(token)) {
      const after = figures.get(token) ?? new Set<string>();
      for (const next of tokens.slice(i + 1, i + 1 + UNIT_WITHIN)) after.add(stem(next));
      figures.set(token, after);
      return;
    }
    for (const part of token.split('-'))
      if (part.length >= 3 && !COMMON.has(part.replace(/'s$/, ''))) words.add(stem(part));
  });
  return { tokens, words, figures };
}

type DraftParts = ReturnType<typeof partsOf> & { text: string };

/**
 * Whether a fact of the profile is in the draft: each of its figures is, with its unit just after
 * it when the fact gives one ("30-day" is not "30 minutes a day"), and at least half of its
 * distinctive words (a fact without figures needs two of them, or its one). A fact with neither
 * ("We are the best") cannot be told apart in a draft and never counts.
 */
function states(draft: DraftParts, fact: string): boolean {
  const { tokens, figures, words } = partsOf(normaliseFactText(fact));
  if (figures.size === 0 && words.size === 0) return false;
  for (const [i, token] of tokens.entries()) {
    if (!isFigure(token)) continue;
    const after = draft.figures.get(token);
    if (!after) return false;
    const unit = tokens[i + 1];
    if (unit && !isFigure(unit) && !COMMON.has(unit) && !after.has(stem(unit))) return false;
  }
  let found = 0;
  for (const word of words) if (draft.words.has(word)) found++;
  const needed =
    figures.size > 0
      ? Math.ceil(words.size / 2)
      : Math.max(Math.min(2, words.size), Math.ceil(words.size / 2));
  return found >= needed;
}

/** The website's host without "www.", which a draft names in its text or in a link. */
function hostOf(website: string) {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

function namesHost(draft: DraftParts, links: readonly string[], host: string) {
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}.-])(?:www\\.)?${escaped}(?![\\p{L}\\p{N}-])`, 'u');
  return pattern.test(draft.text) || links.some((href) => pattern.test(href.toLowerCase()));
}

/**
 * The proof points, the offer and the website of `profile` that the draft (its subject, its body's
 * text and its links) states, in the profile's order.
 */
export function senderFactsUsed(
  draft: { subject: string; text: string; links: readonly string[] },
  profile: Pick<SenderProfile, 'proofPoints' | 'offer' | 'website'>,
): SenderFactUsed[] {
  const text = normaliseFactText(`${draft.subject}\n${draft.text}`);
  const parts: DraftParts = { ...partsOf(text), text };
  const used: SenderFactUsed[] = [];
  for (const fact of profile.proofPoints)
    if (states(parts, fact)) used.push({ kind: 'proofPoint', text: fact });
  if (profile.offer && states(parts, profile.offer)) used.push({ kind: 'offer', text: profile.offer });
  const host = profile.website ? hostOf(profile.website) : null;
  if (profile.website && host && namesHost(parts, draft.links, host))
    used.push({ kind: 'website', text: profile.website });
  return used;
}
