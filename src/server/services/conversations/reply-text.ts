/**
 * The text a reply adds, without the quoted message, mobile footers and signature, in the seven
 * languages the classifier reads (English, German, French, Spanish, Italian, Dutch, Portuguese).
 */

export const SNIPPET_LENGTH = 200;

/** Gmail's, Apple Mail's and Thunderbird's "On <date>, <name> wrote:" in each language. */
const ATTRIBUTION_START = /^\s*(On|Am|Le|El|Em|Il|Op)\s/;
const WROTE =
  '(wrote|writes|schrieb|schreibt|a\\sécrit|écrit|escribió|escreveu|ha\\sscritto|scrive|schreef|schrijft)';
const ATTRIBUTION_END = new RegExp(`(?<![\\p{L}])${WROTE}(?![\\p{L}])[^:]{0,120}:\\s*$`, 'u');
/** "Alice Example <alice@example.com> writes:" with no date before it, the old Thunderbird way. */
const NAMED_ATTRIBUTION = new RegExp(`@[^\\s]+\\s*(?:>|\\))?\\s*\\)?\\s*${WROTE}\\s*:\\s*$`, 'u');
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(original message|ursprüngliche nachricht|original nachricht|message d['’]origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original|forwarded message|weitergeleitete nachricht)\s*-{2,}\s*$/iu;
/** Outlook's header block: From, then Sent or Date within three lines, in each language. */
const HEADER_FROM = /^\s*\*?(From|Von|De|Da|Van)\s?:\*?\s/;
const HEADER_SENT =
  /^\s*\*?(Sent|Date|Gesendet|Datum|Envoyé|(Enviado|Enviada)(\s(el|em))?|Fecha|Data|Inviato|Verzonden|Verstuurd)\s?:/;
/** What phones and Outlook's apps add under a reply: the end of what the person wrote. */
const MOBILE_FOOTER =
  /^\s*(sent from my|sent from (outlook|mail|yahoo)|get outlook for|von meinem .{1,40} gesendet|gesendet von (meinem|outlook)|envoyé de mon|envoyé depuis|enviado desde mi|enviado desde outlook|inviato da|verzonden (met|vanaf|van) mijn|verstuurd (met|vanaf|van) mijn|enviado do meu|enviado a partir do|obter o outlook para|holen sie sich outlook für|télécharger outlook pour|obtener outlook para|scarica outlook per|outlook voor (ios|android) downloaden)/iu;
/** A sign-off on a line of its own: the name follows, then (in Outlook) the signature block. */
const SIGN_OFF =
  /^\s*(best|best regards|kind regards|regards|warm regards|many thanks|thanks|thank you|cheers|sincerely|yours|mit freundlichen grüßen|mit freundlichen grüssen|freundliche grüße|viele grüße|beste grüße|liebe grüße|grüße|gruß|cordialement|bien cordialement|bien à vous|salutations|saludos|un saludo|atentamente|saludos cordiales|cordiali saluti|distinti saluti|saluti|un saluto|met vriendelijke groet(en)?|vriendelijke groet(en)?|groet(en)?|atenciosamente|cumprimentos|melhores cumprimentos|abraço|obrigad[oa])\s*[,.!]?\s*$/iu;

/** Where the quoted message begins: an attribution line, an "Original Message" rule, Outlook's header block. */
function quoteStart(lines: string[]) {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (ORIGINAL_MESSAGE.test(line)) return i;
    if (HEADER_FROM.test(line) && lines.slice(i + 1, i + 4).some((next) => HEADER_SENT.test(next))) return i;
    if (NAMED_ATTRIBUTION.test(line)) return i;
    if (ATTRIBUTION_START.test(line)) {
      // Clients wrap a long attribution, Gmail often just before "wrote:".
      let joined = line;
      for (let j = i; j < Math.min(i + 3, lines.length) && lines[j]!.trim() !== ''; j++) {
        if (j > i) joined += ` ${lines[j]}`;
        if (ATTRIBUTION_END.test(joined)) return i;
      }
    }
    // "Someone writes:" right above the quoted lines.
    const next = lines.slice(i + 1).find((l) => l.trim() !== '');
    if (line.length <= 200 && ATTRIBUTION_END.test(line) && next !== undefined && /^\s*>/.test(next))
      return i;
  }
  return lines.length;
}

/**
 * The text a reply adds: before the quoted message, without ">" lines, and ending at the signature
 * after "-- " or at a "Sent from my iPhone" footer.
 */
export function newText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines.slice(0, quoteStart(lines))) {
    if (/^-- ?$/.test(line) || MOBILE_FOOTER.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  // Outlook puts a rule of underscores above its header block.
  while (kept.length > 0 && /^\s*([_\-=*]{3,})?\s*$/.test(kept.at(-1)!)) kept.pop();
  return kept.join('\n').trim();
}

/**
 * The new text without the signature block Outlook adds under the sign-off: the sign-off line and
 * the name after it stay, the title, company, phone numbers and disclaimer under them go.
 */
function withoutSignature(text: string) {
  const lines = text.split('\n');
  const signOff = lines.findIndex((line, i) => i > 0 && SIGN_OFF.test(line));
  if (signOff < 0) return text;
  const name = lines.findIndex((line, i) => i > signOff && line.trim() !== '');
  return name < 0 ? text : lines.slice(0, name + 1).join('\n');
}

/**
 * What the person wrote, lines kept: the new text without the signature block, cut where a quote
 * mark stands within a line. What the category rules read.
 */
export function personText(text: string): string {
  return beforeInlineQuote(withoutSignature(newText(text)));
}

/** The same quote marks within one line, for previews that arrive flattened (Gmail's snippet, Graph's bodyPreview). */
const INLINE_QUOTE = [
  new RegExp(`(?<=^|\\s)(On|Am|Le|El|Em|Il|Op)\\s.{0,200}?(\\d{4}|@).{0,200}?${WROTE}[^:]{0,120}?\\s?:`, 'u'),
  /-{2,}\s*(original message|ursprüngliche nachricht|message d['’]origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original)\s*-{2,}/iu,
  /(?<=^|\s)(From|Von|De|Da|Van)\s?:\s.{1,200}?\s(Sent|Gesendet|Envoyé|(?:Enviado|Enviada)(?:\s(?:el|em))?|Inviato|Verzonden|Data|Datum|Date)\s?:\s/u,
  // "Alice Example <alice@example.com> writes:": from the name before the address.
  new RegExp(
    `(?<=^|\\s)(?:[\\p{Lu}][\\p{L}'.-]*\\s){0,3}[<(]?[^\\s<>()@]+@[^\\s<>()]+[>)]?\\s*${WROTE}\\s?:`,
    'u',
  ),
  new RegExp(MOBILE_FOOTER.source.replace('^\\s*', '(?<=^|\\s)'), 'iu'),
];

/**
 * The text before a quote mark within a line: what a preview that arrives flattened (Gmail's
 * snippet, Graph's bodyPreview) adds, or the new text when it has none.
 */
export function beforeInlineQuote(text: string) {
  const cut = Math.min(...INLINE_QUOTE.map((p) => p.exec(text)?.index ?? text.length));
  return text.slice(0, cut).trim();
}

/**
 * At most SNIPPET_LENGTH characters of what the person wrote, on one line, for the UI to show as
 * plain text. Control and format characters go: bidirectional overrides could make it read
 * differently from what it says.
 */
export function replySnippet(text: string): string {
  const flat = beforeInlineQuote(oneLine(withoutSignature(newText(text))));
  if (flat.length <= SNIPPET_LENGTH) return flat;
  let head = flat.slice(0, SNIPPET_LENGTH - 1);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.trimEnd()}…`;
}

function oneLine(text: string) {
  return (
    text
      // The zero-width joiner stays: it holds emoji sequences together.
      .replace(/[\p{Cc}\p{Cf}]/gu, (c) => (/\s/.test(c) ? ' ' : c === '\u200D' ? c : ''))
      .replace(/\s+/g, ' ')
      .trim()
  );
}
