import type { Finding } from '../../../contract/draft-findings';
import { valueParts, wordIndex, wordsOf } from './draft-text';

/**
 * The checks that compare a campaign's drafts with each other: near-duplicates (personalisation
 * that did not happen) and drafts far longer or shorter than the usual one.
 */

export type ComparedDraft = {
  id: number;
  recipientEmail: string;
  /** Subject and body text. */
  text: string;
  /** The recipient's own values (row and address), removed before comparing texts. */
  ownValues: readonly string[];
};

/**
 * Share of 5-word shingles two drafts must have in common (estimated) to count as duplicates. A
 * word changed costs up to five shingles, so the same email with two or three words changed is
 * only 0.70-0.80 alike, while drafts written separately from one prompt share at most about 0.35
 * (both measured on the labelled corpus): 0.6 sits between them, clear of the estimate's error
 * (about ±0.06 with 64 hashes).
 */
export const DEFAULT_DUPLICATE_THRESHOLD = 0.6;
/** Fewer drafts than this have no usual length to compare with. */
const MIN_DRAFTS_FOR_LENGTH = 5;
const SHINGLE = 5;
const HASHES = 64;
const BANDS = 16;
const ROWS = HASHES / BANDS;

/** FNV-1a, 32 bits: a fast, well-spread hash of a shingle. */
function fnv1a(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// Fixed seeds, so the same drafts always give the same answer.
const SEEDS = Array.from({ length: HASHES }, (_, i) => [fnv1a(`a${i}`) | 1, fnv1a(`b${i}`)] as const);

/** MinHash signature of a text's word shingles, after the recipient's own values are removed. */
function signatureOf(draft: ComparedDraft): Uint32Array | null {
  let text = draft.text.toLowerCase();
  // Whole words with letters only: a value "20" (years trading) must not cut "18–20 July" apart.
  for (const value of draft.ownValues)
    for (const part of valueParts(value.toLowerCase()).filter((p) => /\p{L}/u.test(p)))
      for (let at = wordIndex(text, part); at >= 0; at = wordIndex(text, part, at))
        text = `${text.slice(0, at)} ${text.slice(at + part.length)}`;
  const words = wordsOf(text).map(fnv1a);
  if (words.length < SHINGLE * 2) return null; // too short to judge
  const signature = new Uint32Array(HASHES).fill(0xffffffff);
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    // The shingle's hash from its words' hashes, in order: no strings built per shingle.
    let h = 0x811c9dc5;
    for (let w = i; w < i + SHINGLE; w++) h = Math.imul(h ^ words[w]!, 0x01000193) >>> 0;
    for (let k = 0; k < HASHES; k++) {
      const [a, b] = SEEDS[k]!;
      const x = (Math.imul(a, h) + b) >>> 0;
      if (x < signature[k]!) signature[k] = x;
    }
  }
  return signature;
}

function similarity(a: Uint32Array, b: Uint32Array) {
  let same = 0;
  for (let k = 0; k < HASHES; k++) if (a[k] === b[k]) same++;
  return same / HASHES;
}

/**
 * Near-duplicates among AI drafts: candidate pairs from locality-sensitive hashing of the MinHash
 * signatures (bands of 4), confirmed by the estimated share of shingles in common.
 */
export function duplicateFindings(
  drafts: readonly ComparedDraft[],
  threshold = DEFAULT_DUPLICATE_THRESHOLD,
): Map<number, Finding[]> {
  const signatures = drafts.map(signatureOf);
  const buckets = new Map<string, number[]>();
  signatures.forEach((sig, i) => {
    if (!sig) return;
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * ROWS, (band + 1) * ROWS)).join(',')}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
  });
  const best = new Map<number, { other: number; score: number }>();
  const compare = (i: number, j: number) => {
    const score = similarity(signatures[i]!, signatures[j]!);
    if (score < threshold) return;
    for (const [me, other] of [
      [i, j],
      [j, i],
    ] as const)
      if ((best.get(me)?.score ?? -1) < score) best.set(me, { other, score });
  };
  // Each draft is compared with its bucket's first and with the one before it, not with every
  // other: linear however many drafts share a bucket (a campaign of 10,000 copies would be 50
  // million pairs), and a near-duplicate shares some bucket with its twin almost surely.
  for (const bucket of buckets.values())
    for (let x = 1; x < bucket.length; x++) {
      compare(bucket[0]!, bucket[x]!);
      if (x > 1) compare(bucket[x - 1]!, bucket[x]!);
    }
  const found = new Map<number, Finding[]>();
  for (const [i, { other, score }] of best)
    found.set(drafts[i]!.id, [
      {
        kind: 'duplicate',
        severity: 'medium',
        span: null,
        reason: `Nearly the same as the email to ${drafts[other]!.recipientEmail} (${Math.round(score * 100)} % alike once names are removed)`,
      },
    ]);
  return found;
}

/** Drafts more than twice or less than half the median length (in words) of their campaign step. */
export function lengthFindings(drafts: readonly ComparedDraft[]): Map<number, Finding[]> {
  const found = new Map<number, Finding[]>();
  if (drafts.length < MIN_DRAFTS_FOR_LENGTH) return found;
  const lengths = drafts.map((d) => wordsOf(d.text).length);
  const sorted = [...lengths].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (median === 0) return found;
  drafts.forEach((draft, i) => {
    const n = lengths[i]!;
    if (n > median * 2 || n < median / 2)
      found.set(draft.id, [
        {
          kind: 'length',
          severity: 'low',
          span: null,
          reason: `${n} words, where this campaign's emails usually have about ${median}`,
        },
      ]);
  });
  return found;
}
