import type { Finding } from '../../../contract/draft-findings';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import { keyText } from './claim-words';
import { groundingFindings } from './grounding';
import { placeClaimFindings } from './place-claims';
import { placesGiven } from './places';

/**
 * The cheap ungrounded check of an AI draft: the amounts and names nothing the AI was given
 * supports (grounding.ts), then the classes of invented facts that hold no such name or number,
 * or hide it where a name cannot be told from a noun: places given as the recipient's. Where two
 * rules point at the same words, the first finding stands.
 */
export function ungroundedFindings(
  draft: {
    subject: string;
    recipientEmail: string;
    aiSources: string;
    senderProfile?: SenderProfileForPrompt | null;
  },
  bodyText: string,
  rowValues: readonly string[],
): Finding[] {
  const aiSources = draft.aiSources.toLowerCase();
  const sources = [...rowValues, draft.recipientEmail, aiSources].join('\n').toLowerCase();
  const places = placesGiven(rowValues, aiSources);
  const keyed = keyText(sources);
  const all = [
    ...groundingFindings(draft.subject, bodyText, sources, places),
    ...placeClaimFindings(draft.subject, bodyText, keyed, places),
  ];
  const seen = new Set<string>();
  return all.filter((f) => {
    const key = f.span ? `${f.span.field}:${f.span.text.toLowerCase()}` : f.reason;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
