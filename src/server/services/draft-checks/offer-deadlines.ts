import type { Finding } from '../../../contract/draft-findings';
import { sentencesOf } from './claim-context';
import { keyText } from './claim-words';
import { ungroundedFinds } from './ungrounded-finds';

/**
 * A deadline or a scarcity the sender's offer does not have: "the offer is only valid until the
 * end of the month", "Das Angebot gilt nur bis Monatsende", "offre valable jusqu'au 30 juin",
 * "solo hasta final de mes", "only 3 places left". A model adds urgency to sound like a sales
 * email; the sender then has to honour a term nobody set, or the reader learns it was false.
 * Counted only when nothing the AI was given (the prompt, the profile) speaks of a deadline or
 * of limited places, and not where the deadline is the recipient's own ("your lease runs only
 * until June").
 */

const URGENCY = new RegExp(
  [
    // English
    '(?:only|just) (?:valid )?(?:until|till|through)',
    '(?:offer|deal|price|discount)s? (?:ends|expires|closes|runs out|is valid until|is only valid)',
    'limited[- ]time',
    'this (?:month|week) only',
    'while (?:stocks|places|spaces|spots) last',
    'only \\d+ (?:places|spots|slots|spaces) (?:left|remaining)',
    // German
    'nur (?:noch )?bis',
    'gilt (?:nur )?(?:noch )?bis',
    'befristet',
    'nur (?:noch )?(?:diesen|in diesem) (?:monat|woche)',
    'solange (?:der )?vorrat',
    'nur noch \\d+ (?:platze|termine)',
    // French
    'valable (?:uniquement |seulement )?jusqu',
    '(?:uniquement|seulement) jusqu',
    'offre (?:limitee|speciale limitee)',
    'dans la limite des (?:places|stocks)',
    '(?:ce mois ci|cette semaine) seulement',
    // Spanish
    'solo hasta',
    'valid[oa] (?:solo |solamente )?hasta',
    'oferta limitada',
    'solo (?:este|esta) (?:mes|semana)',
    'plazas limitadas',
    'hasta agotar (?:existencias|plazas)',
  ]
    .map((cue) => ` ${cue}`)
    .join('|'),
);

/**
 * Words that show the sources set a deadline or limit places themselves, or make the offer one
 * that ends (a trial, a pilot for a semester): "free only until the end of the semester" is then
 * the offer told again.
 */
const DEADLINE_GIVEN =
  / (?:until|till|deadline|expir|limited|nur bis|gilt bis|befrist|frist|gultig|jusqu|valable|limite|date limite|hasta|plazo|valid|limitad|places|platze|plazas|semester|trial|pilot|testphase|essai|prueba)/;

/** The recipient's own deadline, not the offer's: "your lease", "Ihr Vertrag", "votre bail", "su contrato". */
const RECIPIENTS = / (?:your|ihr|ihre|ihren|ihrem|ihrer|votre|vos|su|sus|tu|tus) /;

export function offerDeadlineFindings(
  subject: string,
  bodyText: string,
  /** What the AI was given (the prompt, the profile), as keyText gives it. */
  keyedSources: string,
): Finding[] {
  const { found, flag } = ungroundedFinds();
  if (DEADLINE_GIVEN.test(keyedSources)) return found;
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const)
    for (const sentence of sentencesOf(text)) {
      const keyed = keyText(sentence.text);
      if (!URGENCY.test(keyed) || RECIPIENTS.test(keyed)) continue;
      flag(
        field,
        sentence.text.trim(),
        'A deadline or a limit on the offer that nothing you gave the AI sets',
      );
    }
  return found;
}
