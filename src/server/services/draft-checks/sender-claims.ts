import type { Finding } from '../../../contract/draft-findings';
import { sentencesOf } from './claim-context';
import { isGrounded, NAME_RUN } from './grounding';
import { type PlacesGiven, placesNamed } from './places';
import { ungroundedFinds } from './ungrounded-finds';

/**
 * A customer the draft gives the sender that the profile does not list: "manufacturers such as
 * Alcester Castings", "practices like Pennine Vets already run on Vetora", "nous avons accompagné
 * la Boulangerie Pétrin d'Or", "clientes como…". The sender's claims need grounding as much as
 * the recipient's: a made-up reference customer is a false claim in the sender's own name.
 */

/** Where the sender names customers: a kind of customer and "such as", or work done for them. */
const CUSTOMER_CUE = new RegExp(
  [
    // English
    // Up to two words between ("practices in Yorkshire like…"), but not a tool's ("practices using
    // systems such as RoboVet": the recipient's software, not the sender's customer).
    '(?:clients|customers|practices|firms|companies|clinics|businesses|employers|manufacturers|brands|retailers|schools|organi[sz]ations|hospitals|charities)(?:[ \\t]+(?!using|with|on|running|via|for)[\\p{L}-]+){0,2}[ \\t]+(?:such as|like|including)',
    "(?:we|we['’]ve|we have|I|I['’]ve|I have)(?:[ \\t]+(?:already|recently|also|just))?[ \\t]+(?:helped|worked with|worked for|supported|advised|served|represented)",
    // French
    '(?:clients|commerçants|enseignes|entreprises|cabinets|sociétés|marques|boutiques)(?:[ \\t]+[\\p{L}-]+){0,2}[ \\t]+(?:comme|tels que|telles que|dont)',
    '(?:avons|a)(?:[ \\t]+\\p{L}+){0,2}[ \\t]+(?:accompagné|aidé|conseillé|défendu|assisté|travaillé avec|travaillé pour)',
    // German
    '(?:Kunden|Betriebe|Unternehmen|Firmen|Kanzleien|Praxen|Mandanten)(?:[ \\t]+\\p{L}+){0,2}[ \\t]+wie',
    '(?:haben|hat)(?:[ \\t]+\\p{L}+){0,3}[ \\t]+(?:betreut|beraten|unterstützt|begleitet)',
    // Spanish
    '(?:clientes|empresas|negocios|despachos|marcas)(?:[ \\t]+\\p{L}+){0,2}[ \\t]+como',
    '(?:hemos|han)(?:[ \\t]+\\p{L}+){0,2}[ \\t]+(?:ayudado|trabajado con|trabajado para|asesorado|acompañado)',
  ].join('|'),
  'giu',
);

/** The same cues without the global flag, to pass over a draft that has none at once. */
const CUSTOMER_CUE_ANYWHERE = new RegExp(CUSTOMER_CUE.source, 'iu');

/** The sender in the sentence: "we", "our", "nous", "wir", "nuestro"… or their company's name. */
const SENDER =
  /(?<![\p{L}])(?:we|we['’]ve|our|us|nous|notre|nos|wir|uns|unser\p{L}*|nosotros|nuestr\p{L}*|hemos|avons|trabajamos|asesoramos|ayudamos|acompañamos)(?![\p{L}])/iu;

/** German capitalises nouns: there only a name with a legal form is surely a company. */
const GERMAN_COMPANY = /(?:GmbH|AG|KG|OHG|GbR|e\.\s?K\.|mbB|&\s*Co\.?|&\s*Partner)$/;

export function senderCustomerFindings(
  subject: string,
  bodyText: string,
  /** Everything the AI was given, lower-cased (the profile lists the customers it may name). */
  sources: string,
  places: PlacesGiven,
  nounsCapitalised: boolean,
  /** The sender's company, whose name also makes a sentence speak of them. */
  senderCompany: string | undefined,
): Finding[] {
  const company = senderCompany?.trim().toLowerCase();
  const { found, flag } = ungroundedFinds();
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const)
    for (const sentence of CUSTOMER_CUE_ANYWHERE.test(text) ? sentencesOf(text) : []) {
      // Customers named as someone else's ("exporters like Airbus…") are not the sender's claim.
      if (!SENDER.test(sentence.text) && !(company && sentence.text.toLowerCase().includes(company)))
        continue;
      for (const cue of sentence.text.matchAll(CUSTOMER_CUE)) {
        // The customers follow the cue, up to the end of its clause.
        const after = sentence.text.slice(cue.index + cue[0].length);
        const clause = /^[^;:.!?–—]*/.exec(after)![0];
        for (const m of clause.matchAll(NAME_RUN)) {
          const name = m[0].replace(/[’']s$/, '');
          if (nounsCapitalised && !GERMAN_COMPANY.test(name)) continue;
          if (company?.includes(name.toLowerCase())) continue;
          if (placesNamed(name).length > 0 || isGrounded(name, sources, places)) continue;
          flag(field, name, `"${name}" is given as a customer of yours, but your profile does not name it`);
        }
      }
    }
  return found;
}
