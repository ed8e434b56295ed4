import type { Finding } from '../../../contract/draft-findings';
import { sentencesOf } from './claim-context';
import { CONGRATULATING, keyText, OUR, SUPPOSING, YOUR } from './claim-words';
import { ungroundedFinds } from './ungrounded-finds';

/**
 * An event of the recipient's told by its noun, that no source has: "congratulations on the
 * launch of Plinth Ledger", "since last year's acquisition", "zur Eröffnung Ihres zweiten
 * Standorts", "félicitations pour l'ouverture de votre deuxième magasin", "enhorabuena por el
 * lanzamiento de vuestra colección". Such a claim often holds no name or number the name check
 * could find. An event counts as given when the sources speak of that kind of event at all (a row
 * saying "opened a fourth home" gives "the opening of your fourth home"): the check looks for an
 * event made up from nothing, not for one told with other details.
 */

/** Words as whole words: JavaScript's \\b knows no "ü" or "é". */
const words = (alternatives: string) => new RegExp(`(?<![\\p{L}])(?:${alternatives})(?![\\p{L}])`, 'giu');

type EventKind = {
  /** The nouns a draft tells the event by. */
  nouns: RegExp;
  /**
   * Word starts that show the sources speak of such an event, in any of the four languages; one of
   * five letters or more counts inside a word too, as German joins words ("Praxisneugründung"),
   * unless written with its leading space.
   */
  given: string[];
};

const EVENTS: EventKind[] = [
  {
    nouns: words('launch(?:es)?|lancement|lanzamiento|markteinführung|produkteinführung'),
    given: ['launch', 'lanc', 'lanz', 'einfuhr', 'markteinf', 'release'],
  },
  {
    nouns: words(
      '(?:grand\\s+)?opening|ouverture|inauguration|eröffnung|neueröffnung|einweihung|apertura|inauguración',
    ),
    // A business founded or set up is one that opened: "Neugründung", "sich niedergelassen".
    given: [
      'open',
      // Not "ouvr" nor "abri": "jours ouvrés" are working days, "abril" is April; and at a word's
      // start, as "couverture" (a roof) holds "ouverture".
      ' ouvrir',
      ' ouvre ',
      ' ouvert',
      'inaugur',
      'eroffn',
      'einweih',
      'apert',
      'abrio',
      'abrir',
      'founded',
      'founding',
      'grund',
      'gegrund',
      'neugrund',
      'niederl',
      'niedergelass',
      'fonde',
      'creation',
      'cree',
      'fundad',
      'fundaci',
      'started',
    ],
  },
  {
    nouns: words('expansion|expansión|agrandissement|ampliación'),
    given: [
      'expan',
      'agrand',
      'amplia',
      'erweiter',
      'wachst',
      'growth',
      'grow',
      'developp',
      'develop',
      'internationa',
      'internacional',
      'export',
    ],
  },
  {
    nouns: words(
      'acquisition|takeover|buy-?out|merger|rachat|fusion|übernahme|zusammenschluss|adquisición|fusión',
    ),
    given: [
      'acqui',
      'takeover',
      'buyout',
      'buy out',
      'merg',
      'rachat',
      'rachet',
      'fusion',
      'ubernahm',
      'ubernomm',
      'zusammenschl',
      'adquis',
      'adquir',
    ],
  },
  {
    nouns: words(
      'funding\\s+round|round\\s+of\\s+funding|investment\\s+round|seed\\s+round|levée\\s+de\\s+fonds|finanzierungsrunde|ronda\\s+de\\s+(?:financiación|inversión)',
    ),
    given: ['funding', 'raise', 'raising', 'investment', 'investor', 'levee', 'finanzierungsrunde', 'ronda'],
  },
  {
    nouns: words('anniversary|\\p{L}*jubiläum|anniversaire|aniversario'),
    given: ['anniversar', 'jubil', 'anniv', 'aniversar'],
  },
  {
    nouns: words('award|auszeichnung|trophée|premio|galardón'),
    given: [
      'award',
      'prize',
      'winner',
      'won ',
      'auszeichn',
      'ausgezeichn',
      'troph',
      'premi',
      'galard',
      'laureat',
    ],
  },
  {
    nouns: words('restructur(?:e|ing)|reorgani[sz]ation|umstrukturierung|restructuration|reestructuración'),
    given: ['restruct', 'reorgan', 'umstruktur', 'reestruct'],
  },
  {
    nouns: words('relocation|umzug|déménagement|traslado|mudanza'),
    given: ['reloca', 'moving', 'move', 'umzug', 'umgezogen', 'demenag', 'trasla', 'mudanz'],
  },
  {
    // A new or second site of theirs: "your new Leeds office", "Ihrer neuen Niederlassung".
    nouns: new RegExp(
      `(?<![\\p{L}])(?:(?:new|second|third|fourth|fifth)(?:\\s+\\p{Lu}[\\p{L}-]*)?\\s+(?:site|office|branch|location|store|shop|clinic|practice|warehouse|plant|factory|headquarters|HQ|depot|showroom|studio|restaurant|hotel|home|premises)` +
        `|(?:neue[nmrs]?|zweite[nmrs]?|dritte[nmrs]?)\\s+(?:Standort\\p{L}*|Niederlassung|Filiale|Halle|Werk|Büro|Lager|Zentrale|Praxis|Werkstatt|Geschäft|Laden|Firmensitz|Hauptsitz)` +
        `|(?:nouve(?:au|l|lle)|deuxième|second(?:e)?|troisième)\\s+(?:site|bureau|agence|magasin|boutique|succursale|usine|entrepôt|siège|cabinet|atelier|restaurant|point de vente)` +
        `|(?:nuev[oa]s?|segund[oa]|tercer[oa]?)\\s+(?:sede|sucursal|tienda|nave|oficina|planta|almacén|fábrica|local|clínica|delegación))(?![\\p{L}])`,
      'giu',
    ),
    // Worked out below from the openings' and moves' words: "moved to a larger unit" gives "your
    // new premises", "opened a second practice in Leeds" gives "your new Leeds site".
    given: [],
  },
];

/**
 * Words that show the sources speak of a new or second site of theirs in any words: an opening,
 * a move, a second or third one. Not "new" alone, which prompts use of everything.
 */
const NEW_SITE_GIVEN = [
  'opened',
  'opening',
  'eroffn',
  // Not "ouvr": "jours ouvrés" are working days; nor inside "couverture".
  ' ouvert',
  'inaugur',
  'apert',
  'abrio',
  'abrier',
  'moved',
  'reloca',
  'umzug',
  'umgezogen',
  'demenag',
  'trasla',
  'mudanz',
  'second',
  'third',
  'zweit',
  'dritt',
  'deuxi',
  'troisi',
  'segund',
  'tercer',
];

/**
 * Words that end a noun phrase: between "your" and the event's noun only its own words may stand
 * ("your recent expansion", "Ihres zweiten Standorts"), not "your table at the opening".
 */
const FUNCTION_WORD =
  /^(?:at|in|on|of|to|for|the|a|an|with|from|by|and|or|à|au|aux|de|du|des|la|le|les|l['’]\p{L}*|d['’]\p{L}*|en|dans|pour|et|bei|auf|an|am|im|zu|zum|zur|der|die|das|den|dem|von|mit|und|für|en|el|los|las|del|al|con|para|y)$/iu;
/** "Your" with at most two words of its own before the event's noun: the event is theirs. */
const YOURS_BEFORE = new RegExp(`(?<![\\p{L}])${YOUR}(?![\\p{L}])((?:[ \\t]+\\S+){0,2})[ \\t]*$`, 'u');
function yoursBefore(before: string) {
  const m = YOURS_BEFORE.exec(before);
  return (
    !!m &&
    m[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((w) => !FUNCTION_WORD.test(w))
  );
}
/** The recipient anywhere in the sentence: their possessive, or "you" in English. */
const ADDRESSED = new RegExp(`(?<![\\p{L}])(?:${YOUR}|you|Sie|vous|usted)(?![\\p{L}])`, 'u');
/** "Our" just before or after it makes it the sender's ("our new wing", "the opening of our wing"). */
const OUR_BEFORE = new RegExp(`(?<![\\p{L}])${OUR}(?![\\p{L}])(?:[ \\t]+\\S+){0,2}[ \\t]*$`, 'u');
const OUR_AFTER = new RegExp(`^(?:[ \\t]+\\S+){0,2}?[ \\t]+${OUR}(?![\\p{L}])`, 'u');
/**
 * A past event told as a time: "since last year's acquisition", "nach der Übernahme"; theirs only
 * where the sentence speaks to them.
 */
const SINCE_BEFORE =
  /(?:^|[^\p{L}])(?:since|after|following|nach|seit|depuis|après|tras|desde)(?:[ \t]+\S+){0,3}[ \t]*$/iu;

/**
 * An event noun that only describes something else: "opening hours", "acquisition costs",
 * "launch plans", "heures d'ouverture", "horario de apertura", "customer acquisition".
 */
const DESCRIBES_AFTER =
  /^[ \t]+(?:hours|times|costs?|strateg\p{L}*|process\p{L}*|channels?|rates?|budgets?|funnel|plans?|planning|team|ceremony|date|night|reception|dinner|drinks|party|speech|keynote|session|event|de compte|d['’]esprit|de cuenta|de crédito)(?![\p{L}])/iu;
const DESCRIBES_BEFORE =
  /(?:customer|client|talent|user|lead|data|heures d['’]|horaires d['’]|horarios? de|öffnungs)[ \t]*$/iu;

/** The site a "new site" phrase names: the sources naming it ("our Leeds office") give it too. */
const siteWordOf = (phrase: string) => keyText(phrase).trim().split(' ').at(-1) ?? '';

/** Any event noun at all: most drafts have none, and are read once instead of per sentence and kind. */
const ANY_EVENT = new RegExp(EVENTS.map((k) => k.nouns.source).join('|'), 'iu');

export function eventClaimFindings(
  subject: string,
  bodyText: string,
  /** What the AI was given about the recipient (the row, the prompt), as keyText gives it. */
  keyedSources: string,
): Finding[] {
  const { found, flag } = ungroundedFinds();
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const) {
    if (!ANY_EVENT.test(text)) continue;
    for (const sentence of sentencesOf(text)) {
      if (!ANY_EVENT.test(sentence.text) || SUPPOSING.test(sentence.text)) continue;
      const praising = CONGRATULATING.test(sentence.text);
      for (const kind of EVENTS)
        for (const m of sentence.text.matchAll(kind.nouns)) {
          const before = sentence.text.slice(0, m.index);
          const after = sentence.text.slice(m.index + m[0].length);
          if (OUR_BEFORE.test(before) || OUR_AFTER.test(after)) continue;
          if (DESCRIBES_BEFORE.test(before) || DESCRIBES_AFTER.test(after)) continue;
          const since = SINCE_BEFORE.test(before) && ADDRESSED.test(sentence.text);
          if (!praising && !yoursBefore(before) && !since) continue;
          const given =
            (kind.given.length > 0 ? kind.given : NEW_SITE_GIVEN).some((start) =>
              keyedSources.includes(start.length >= 5 ? start : ` ${start}`),
            ) ||
            (kind.given.length === 0 && keyedSources.includes(` ${siteWordOf(m[0]).slice(0, 5)}`));
          if (given) continue;
          flag(
            field,
            m[0],
            `"${m[0]}" tells of an event of the recipient's that nothing you gave the AI mentions`,
          );
        }
    }
  }
  return found;
}
