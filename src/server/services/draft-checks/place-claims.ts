import type { Finding } from '../../../contract/draft-findings';
import { hasPhrase } from './claim-words';
import { judgePlace, type PlacesGiven } from './places';
import { ungroundedFinds } from './ungrounded-finds';

/**
 * A place told to the recipient as theirs ("votre boutique de Chambéry", "su nave de Cartagena",
 * "Ihren Betrieb in Aichach") that the sources do not give: their row says another town. English
 * names standing where a claim about the recipient would are judged by the name check already
 * (grounding.ts); this reads the French, Spanish and German ways of saying it, where that check
 * cannot tell a name from a noun. A place the table knows is judged by what holds what (the
 * county of the row's town is no news); an unknown one by its words.
 */

/** Capitalised words of a place, with the small words inside names ("Molina de Segura"). */
const PLACE_WORDS =
  "\\p{Lu}[\\p{L}'’-]*(?:[ \\t]+(?:(?:de|del|de la|sur|am|an der|im)[ \\t]+)?\\p{Lu}[\\p{L}'’-]*){0,3}";

/**
 * "Your" (the recipient's), up to five words (the thing: "boutique", "nave", "5.500 m² de
 * cubierta"), a word saying where, and the place. German counts only "in": after "im" or "bei"
 * come nouns ("im Bau") as often as places.
 */
const FRAMES = [
  {
    language: 'fr',
    pattern: new RegExp(
      `(?<![\\p{L}])(?:[Vv]otre|[Vv]os)(?<thing>(?:[ \\t]+[^\\s,;:.!?()]+){0,5}?)(?:[ \\t]+(?<prep>à|au|en|de|du|dans|près de)[ \\t]+|[ \\t]+(?<prep2>d)['’])(?<place>${PLACE_WORDS})`,
      'gu',
    ),
  },
  {
    language: 'es',
    pattern: new RegExp(
      `(?<![\\p{L}])(?:[Ss]us?|[Vv]uestr[oa]s?|[Tt]us?)(?<thing>(?:[ \\t]+[^\\s,;:.!?()]+){0,5}?)[ \\t]+(?<prep>en|de|del|cerca de)[ \\t]+(?<place>${PLACE_WORDS})`,
      'gu',
    ),
  },
  {
    language: 'de',
    pattern: new RegExp(
      `(?<![\\p{L}])Ihr(?:e[mnrs]?)?(?<thing>(?:[ \\t]+[^\\s,;:.!?()]+){0,4}?)[ \\t]+(?<prep>in|nahe|bei)[ \\t]+(?<place>${PLACE_WORDS})`,
      'gu',
    ),
  },
] as const;

/**
 * The endings of German town names ("Aichach", "Königsbrunn", "Gersthofen"): where the table does
 * not know a capitalised word after "in", only these make it a town rather than a noun.
 */
const GERMAN_TOWN =
  /(?:ach|bach|berg|burg|dorf|feld|furt|hafen|hausen|heim|hofen|ingen|kirchen|stadt|stedt|stein|rode|brück|brücken|brunn|bronn|leben|walde|münster|itz|witz|rath|born)$/;

/** Days, months, feasts and languages that French and Spanish write capitalised after "en". */
const NOT_PLACES =
  /^(?:Noël|Pâques|Navidad|Semana Santa|Reyes|Toussaint|Año Nuevo|Nouvel An|Inglés|Francés|Alemán|Español|Anglais|Allemand|Espagnol|Français|English|Englisch|Deutsch)$/;

/**
 * The things that stand at a place: a place the table does not know counts only after one of
 * these ("votre boutique à …", "su nave en …", "Ihren Betrieb in …"), and only after a word
 * saying where, not "de": "sus cursos de Inglés Técnico", "su equipo de Recursos Humanos" and
 * "Ihre Buchhaltung in Zukunft" name no place.
 */
const SITE =
  /(?<![\p{L}])(?:boutique|magasin|bureaux?|agence|usine|entrepôt|site|siège|établissement|cabinet|atelier|locaux|local|point de vente|nave|sede|planta|oficina|tienda|fábrica|almacén|clínica|centro|delegación|sucursal|Betrieb\p{L}*|Praxis|Kanzlei|Büro|Filiale|Niederlassung|Standort\p{L}*|Werk|Halle|Laden|Geschäft|Firma|Unternehmen|Lager|Werkstatt)(?![\p{L}])/iu;
const WHERE = /^(?:à|au|en|dans|près de|cerca de|in|nahe|bei)$/i;

export function placeClaimFindings(
  subject: string,
  bodyText: string,
  /** What the AI was given about the recipient (the row, the prompt) as keyText gives it. */
  keyedSources: string,
  given: PlacesGiven,
  /**
   * The sender's places too (their profile): "Ihr Ansprechpartner in Augsburg", "su asesor en
   * Elche" put the sender's person at the sender's office, not the recipient there.
   */
  sender: { keyedSources: string; given: PlacesGiven } = { keyedSources, given },
): Finding[] {
  const { found, flag } = ungroundedFinds();
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const)
    for (const { language, pattern } of FRAMES)
      for (const m of text.matchAll(pattern)) {
        const place = trimPlace(m.groups!.place!);
        if (!place || NOT_PLACES.test(place) || hasPhrase(keyedSources, place)) continue;
        const judged = judgePlace(place, given);
        if (judged === 'given') continue;
        const thing = m.groups!.thing ?? '';
        const senders = hasPhrase(sender.keyedSources, place) || judgePlace(place, sender.given) === 'given';
        if (senders && !SITE.test(thing)) continue;
        if (judged === 'unknown') {
          const prep = m.groups!.prep ?? m.groups!.prep2 ?? '';
          if (!WHERE.test(prep) || !SITE.test(thing)) continue;
          if (language === 'de' && !GERMAN_TOWN.test(place)) continue;
        }
        flag(
          field,
          place,
          `"${place}" is given as the recipient's place, but their row, the template and your profile name another or none`,
        );
      }
  return found;
}

/** The place without the small words a greedy match may end on ("Lyon de" → "Lyon"). */
const trimPlace = (place: string) =>
  place.replace(/(?:[ \t]+(?:de|del|de la|sur|am|an der|im))+$/, '').trim();
