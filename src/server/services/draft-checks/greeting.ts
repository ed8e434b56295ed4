import type { Finding } from '../../../contract/draft-findings';

/**
 * A greeting whose name never came: "Hi ,", "Dear  ,", "Hallo ,", "Sehr geehrter Herr ,",
 * "Bonjour Madame ,", "Estimado :". The writer was told to greet by a value the row did not have
 * and left the gap, which every reader sees first; nothing else in such a draft need be wrong.
 */

/** Greetings that a name follows, in the four languages the product writes. */
const GREETING =
  'hi|hello|hey|dear|good (?:morning|afternoon|evening)|hallo|liebe[rs]?|sehr geehrte[rs]?|guten (?:tag|morgen|abend)|moin|servus|bonjour|bonsoir|salut|cher|chère|chers|chères|hola|estimad[oa]s?|querid[oa]s?|buen(?:os|as) (?:días|tardes|noches)';
/** Titles that may stand between the greeting and the name. */
const TITLE =
  'mr|mrs|ms|miss|mx|dr|prof|herr|frau|madame|monsieur|mademoiselle|mme|mlle|señor|señora|señorita|sr|sra|srta|don|doña';

/**
 * The gap: the greeting (and a title) and then white space before the punctuation that should
 * have followed the name. No language puts a space before a comma; French puts one before a colon,
 * so a colon after space counts only after a greeting that is not French.
 */
const EMPTY_GREETING = new RegExp(
  `(?<=^|\\n)[ \\t]*(?:(?<greeting>${GREETING})(?:[ \\t]+(?:${TITLE})\\.?)?[ \\t]+(?:,|(?<colon>:))|(?:dear|sehr geehrte[rs]?|guten tag|liebe[rs]?)[ \\t]+(?:mr|mrs|ms|dr|herr|frau)\\.?[ \\t]*,)`,
  'giu',
);
const FRENCH = /^(?:bonjour|bonsoir|salut|cher|chère|chers|chères)/i;

export function emptyGreetingFindings(subject: string, bodyText: string): Finding[] {
  const found: Finding[] = [];
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const)
    for (const m of text.matchAll(EMPTY_GREETING)) {
      if (m.groups?.colon && FRENCH.test(m.groups.greeting ?? '')) continue;
      const greeting = m[0].trim();
      found.push({
        kind: 'deliverability',
        severity: 'high',
        span: { field, text: greeting },
        reason: `The greeting "${greeting}" has no name: the value it was to greet by was missing`,
      });
    }
  return found;
}
