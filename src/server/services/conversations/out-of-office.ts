import type { InboundMessage } from './inbound-message';

/**
 * Out-of-office replies: how they are known, and the day their writer is back, in English,
 * German, French, Spanish, Italian, Dutch and Portuguese (docs/product.md §12).
 */

const OUT_OF_OFFICE_SUBJECT = new RegExp(
  `^\\s*\\[?\\s*(${[
    // English
    'out of (the )?office',
    'automatic reply',
    'auto[- ]?reply',
    'auto[- ]?response',
    'away',
    // German
    'abwesenheitsnotiz',
    'automatische antwort',
    'abwesend',
    'abwesenheit',
    // French
    'réponse automatique',
    'absence',
    'absent du bureau',
    'absente du bureau',
    // Spanish
    'respuesta automática',
    'fuera de la oficina',
    'ausente',
    // Italian
    'risposta automatica',
    'fuori ufficio',
    "fuori dall['’]ufficio",
    'assente',
    // Dutch
    'automatisch antwoord',
    'afwezig',
    'afwezigheid',
    'niet aanwezig',
    'buiten kantoor',
    // Portuguese
    'resposta automática',
    'resposta automatica',
    'fora do escritório',
    'ausência',
  ].join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/**
 * RFC 3834's Auto-Submitted, the older X-Autoreply/X-Autorespond, Precedence: auto_reply, and the
 * subjects out-of-office responders use. Precedence: bulk or junk is no sign alone (newsletters
 * send it too); with an out-of-office subject, the subject decides anyway.
 */
export function isAutoReply(msg: InboundMessage) {
  const values = (name: string) => msg.headers.get(name) ?? [];
  const token = (value: string) => value.split(';')[0]!.trim().toLowerCase();
  return (
    values('auto-submitted').some((v) => token(v) !== 'no') ||
    values('x-autoreply').length > 0 ||
    values('x-autorespond').length > 0 ||
    values('precedence').some((v) => token(v) === 'auto_reply') ||
    OUT_OF_OFFICE_SUBJECT.test(msg.subject)
  );
}

/**
 * An absence notice sent without any of the marks above, known by its words alone: someone is
 * away (on leave, travelling, at a fair) and says when they are back or that they answer on their
 * return. Phrases lower-case and without accents (opt-out.ts's `normalise`).
 */
const AWAY = [
  "(i am|i'm|i will be) (currently |presently )?(out of (the )?office|on (annual |parental |maternity |paternity |sick )?(leave|vacation|holiday)|away|attending|travell?ing|at a (conference|trade ?fair|fair))",
  '(bin|befinde mich) .{0,40}(im urlaub|nicht im buro|auf einer messe|abwesend|auf dienstreise|in elternzeit|krank)',
  'ich bin (bis|vom|derzeit|zurzeit|aktuell) ',
  'je suis (actuellement )?(en conges?|en vacances|absente?|en deplacement|en conge (maternite|paternite|maladie)|en salon)',
  '(me encuentro|estoy) (de viaje|de vacaciones|fuera de la oficina|ausente|de baja)',
  'sono (in ferie|fuori ufficio|in vacanza|assente|in trasferta)',
  '(ik ben|ben) (op vakantie|afwezig|met verlof|niet op kantoor|op reis)',
  '(estou|encontro-me|estarei) (fora do escritorio|de ferias|ausente|de licenca|em viagem)',
].map((p) => new RegExp(`(?<![\\p{L}])${p.replace(/ /g, '\\s+')}`, 'u'));
const ANSWERS_LATER = [
  '(reply|respond|answer|get back to you) (on|upon|after) my return',
  '(nach meiner ruckkehr|erst danach|ab dem .{1,20} wieder)',
  '(a mon retour|de retour le|de retour a partir)',
  '(a mi vuelta|a mi regreso|regresare el)',
  '(al mio rientro|rientrero)',
  '(weer op kantoor|na mijn terugkeer|weer bereikbaar)',
  '(quando voltar|ao meu regresso|assim que voltar|no meu retorno|quando regressar)',
].map((p) => new RegExp(`(?<![\\p{L}])${p.replace(/ /g, '\\s+')}`, 'u'));

/** The length up to which a message without auto-reply marks may be an absence notice. */
const SHORT_ABSENCE = 400;

/**
 * Whether `newText` (normalised) is an absence notice without the usual marks: short, saying its
 * writer is away, and when they are back or that they answer then.
 */
export function isAbsenceText(newText: string, sentAt: Date | null) {
  if (newText.length > SHORT_ABSENCE || !AWAY.some((p) => p.test(newText))) return false;
  return ANSWERS_LATER.some((p) => p.test(newText)) || returnDate(newText, sentAt) !== null;
}

/** Month names and abbreviations in the seven languages, January first. */
const MONTH_NAMES = [
  ['january', 'jan', 'januar', 'jänner', 'janner', 'janvier', 'enero', 'gennaio', 'januari', 'janeiro'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'febrero', 'febbraio', 'februari', 'fevereiro', 'fev'],
  ['march', 'mar', 'märz', 'marz', 'mars', 'marzo', 'maart', 'mrt', 'março', 'marco'],
  ['april', 'apr', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'julio', 'luglio', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'diciembre', 'dicembre', 'dezembro'],
];
const MONTHS = new Map(MONTH_NAMES.flatMap((names, i) => names.map((name) => [name, i + 1] as const)));
const MONTH = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');

const word = (words: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])`, 'gu');

/** Words just before the first day back: that date wins over any other. */
const BACK_WORDS = word([
  'back',
  'return',
  'returning',
  'returns',
  'zurück',
  'wieder',
  'retour',
  'regreso',
  'regresaré',
  'regresare',
  'vuelta',
  'volveré',
  'volvere',
  'rientro',
  'rientrerò',
  'rientrero',
  'ritorno',
  'tornerò',
  'tornero',
  'terug',
  'regresso',
  'regressarei',
  'volto',
  'voltarei',
  'retorno',
  'de volta',
]);
/**
 * Words before a day that may be the first day back ("ab dem 7. Januar wieder erreichbar") or
 * the last day away ("until", "bis", "jusqu'au"): of these, the latest day is taken, and a day
 * named as the last one away ("bis einschließlich", "through", "tot en met") counts from the next.
 */
const FROM_OR_UNTIL_WORDS = word([
  'ab',
  'à partir du',
  'a partir du',
  'à partir de',
  'dès le',
  'a partir del',
  'a partir de',
  'dal',
  'vanaf',
  'until',
  'till',
  'through',
  'thru',
  'bis',
  "jusqu['’]au",
  "jusqu['’]à",
  'hasta',
  'fino al',
  'fino a',
  'sino al',
  'tot',
  'tot en met',
  't/m',
  'até',
]);
/** The last day away, inclusive: back the day after. */
const INCLUSIVE_BEFORE =
  /(through|thru|up to and including|einschließlich|einschl\.?|inklusive|inkl\.?|und mit|tot en met|t\/m)\s*$/u;
const INCLUSIVE_AFTER =
  /^[\s,.]*(\(?\s*)?(inclus|incluse|inclusive|inclusivo|incluso|compreso|einschließlich|inklusive|inbegrepen)/u;
/** How far after such a word the date may start: room for "in the office on Monday,". */
const DATE_WITHIN = 40;

type DateParts = {
  year: string | undefined;
  first: string;
  second: string;
  order: 'day-month' | 'either';
};

/** "Mid-January" in the seven languages: the 15th. */
const MID = 'mid|mitte|mediados|metà|meta|half|meados';

const DATE_PATTERNS: { pattern: RegExp; parts: (m: RegExpExecArray) => DateParts }[] = [
  {
    pattern: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g,
    parts: (m) => ({ year: m[1], first: m[3]!, second: m[2]!, order: 'day-month' }),
  },
  {
    // Dots are day-first wherever they are used; slashes are day-first in Europe, month-first in the US.
    pattern: /(?<![\d./])(\d{1,2})([./])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/]|\.\d)/g,
    parts: (m) => ({ year: m[4], first: m[1]!, second: m[3]!, order: m[2] === '.' ? 'day-month' : 'either' }),
  },
  {
    pattern: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er|º)?\\.?\\s*(?:of\\s+|de\\s+)?(${MONTH})(?![\\p{L}])\\.?(?:,?\\s*(?:de\\s+)?(\\d{4}))?`,
      'gu',
    ),
    parts: (m) => ({ year: m[3], first: m[1]!, second: String(MONTHS.get(m[2]!)), order: 'day-month' }),
  },
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+(\\d{4}))?`,
      'gu',
    ),
    parts: (m) => ({ year: m[3], first: m[2]!, second: String(MONTHS.get(m[1]!)), order: 'day-month' }),
  },
  {
    // A month alone ("back in February 2027", "zurück Anfang Januar", "de retour en mars"): its
    // first day, or the 15th for the middle of it. Last, so a full date at the same place wins.
    pattern: new RegExp(
      `(?<![\\p{L}])(?:(in|im|en|em|nel|per|a|ad|early|anfang|début|debut|principios|inicios|inizio|begin|início|inicio|${MID})\\s+(?:de\\s+|of\\s+|d['’])?)(${MONTH})(?![\\p{L}])(?:\\.?,?\\s+(?:de\\s+)?(\\d{4}))?`,
      'gu',
    ),
    parts: (m) => ({
      year: m[3],
      first: new RegExp(`^(${MID})$`).test(m[1]!) ? '15' : '1',
      second: String(MONTHS.get(m[2]!)),
      order: 'day-month',
    }),
  },
];

const DAY_MS = 86_400_000;

/** The dates written shortly after each of `words`, in the order they stand. */
function datesAfter(lower: string, words: RegExp, sentAt: Date | null) {
  const dates: Date[] = [];
  for (const w of lower.matchAll(words)) {
    const start = w.index + w[0].length;
    const window = lower.slice(start, start + DATE_WITHIN + 30); // + the date itself
    const found = DATE_PATTERNS.flatMap(({ pattern, parts }) =>
      [...window.matchAll(pattern)].map((m) => ({ m, date: resolve(parts(m), sentAt) })),
    )
      .filter((c) => c.m.index <= DATE_WITHIN && c.date !== null)
      .sort((a, b) => a.m.index - b.m.index)[0];
    if (!found) continue;
    const inclusive =
      INCLUSIVE_BEFORE.test(lower.slice(0, start + found.m.index)) ||
      INCLUSIVE_AFTER.test(window.slice(found.m.index + found.m[0].length));
    dates.push(inclusive ? new Date(found.date!.getTime() + DAY_MS) : found.date!);
  }
  return dates;
}

/**
 * Best effort: the day someone is back, as midnight UTC. The first date written shortly after a
 * word like "back", "zurück", "retour" or "rientro" wins; otherwise the latest one after "until",
 * "bis", "ab", "jusqu'au", "hasta", "fino al", "tot" or "até", the day after when it is named as
 * the last day away. A month without a day is its first day (its 15th for "mid-"). A missing year is the next such day
 * after the message's date. Null when no date is found, when a slashed date could be two days that
 * are both plausible, or when the date is not within a year after the message.
 */
export function returnDate(text: string, sentAt: Date | null): Date | null {
  const lower = text.toLowerCase();
  const back = datesAfter(lower, BACK_WORDS, sentAt);
  if (back.length > 0) return back[0]!;
  const others = datesAfter(lower, FROM_OR_UNTIL_WORDS, sentAt);
  if (others.length === 0) return null;
  return new Date(Math.max(...others.map((d) => d.getTime())));
}

/**
 * The first date `text` names after the message's date, as midnight UTC: for a "not now" reply
 * ("ask me again in March", "après le 15 janvier"), the day to write again. A month without a day
 * is its first day. Null when the text names none.
 */
export function laterDate(text: string, sentAt: Date | null): Date | null {
  const lower = text.toLowerCase();
  const found = DATE_PATTERNS.flatMap(({ pattern, parts }) =>
    [...lower.matchAll(pattern)].map((m) => ({ at: m.index, date: resolve(parts(m), sentAt) })),
  )
    .filter((c) => c.date !== null)
    .sort((a, b) => a.at - b.at)[0];
  return found?.date ?? null;
}

function resolve(parts: DateParts, sentAt: Date | null): Date | null {
  const first = Number(parts.first);
  const second = Number(parts.second);
  const readings = [calendarDay(parts.year, second, first, sentAt)];
  if (parts.order === 'either' && first !== second)
    readings.push(calendarDay(parts.year, first, second, sentAt));
  const plausible = readings.filter((d): d is Date => d !== null);
  return plausible.length === 1 ? plausible[0]! : null;
}

function calendarDay(yearText: string | undefined, month: number, day: number, sentAt: Date | null) {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const sentDay = sentAt
    ? Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth(), sentAt.getUTCDate())
    : null;
  let year: number;
  if (yearText) year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  else if (sentDay !== null) {
    year = new Date(sentDay).getUTCFullYear();
    if (Date.UTC(year, month - 1, day) < sentDay - DAY_MS) year += 1;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null; // 31 November and the like
  // A day before the message is when the absence began; more than a year after is a misreading.
  if (sentDay !== null && (date.getTime() < sentDay - DAY_MS || date.getTime() > sentDay + 366 * DAY_MS))
    return null;
  return date;
}
