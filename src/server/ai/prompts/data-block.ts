/**
 * The one way data enters a prompt: `<name>\n…\n</name>`, with the value escaped so that nothing
 * in it can close its block or open another, whatever a CSV cell, a draft or a description holds.
 * Every prompt builder puts each value it did not write itself through `dataBlock`
 * (no-hand-built-blocks.test.ts fails on a block built by hand).
 */

/** Every block any prompt has. A name never comes from data, so data can never choose one. */
export const BLOCK_NAMES = [
  'instructions',
  'draft_subject',
  'draft_body',
  'recipient_data',
  'previous_emails',
  'sender',
  'draft',
  'template',
  'description',
  'placeholders',
  'variables',
  'columns',
  'reply',
  'conversation',
] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

export type JsonData =
  | string
  | number
  | boolean
  | null
  | JsonData[]
  | { [key: string]: JsonData | undefined };

/**
 * The longest value a block keeps (per string inside JSON data, per text otherwise), in
 * characters. Each is at least the largest value the app itself accepts there, so it never cuts
 * real data: it bounds what arrives some other way, such as a 50 KB CSV cell.
 */
const CAPS: Record<BlockName, number> = {
  // A template's instructions and body may each hold 100,000 characters (contract/templates.ts).
  instructions: 100_000,
  // A subject template (2,000) or a body template with its variables filled in.
  draft_subject: 20_000,
  draft_body: 200_000,
  // Per cell: what the AI Email Preview accepts for one; a CSV cell is rarely over 2,000.
  recipient_data: 10_000,
  previous_emails: 200_000,
  sender: 10_000,
  // A draft's subject and text, and a template's subject, body and instructions together.
  draft: 200_000,
  template: 250_000,
  description: 10_000,
  // Up to 200 variables of 64 characters each, as Liquid placeholders.
  placeholders: 20_000,
  // Per name: a variable (64) or a CSV column name.
  variables: 500,
  columns: 500,
  // The new text of an answer to a campaign email: enough for any reply a person writes.
  reply: 20_000,
  // Per message of the thread before the reply being answered: campaign emails and short replies.
  conversation: 200_000,
};
/** An object key inside JSON data (a column name): longer than any header a person writes. */
const KEY_CAP = 500;
export const TRUNCATED = '[truncated]';

/**
 * Unicode tag characters (U+E0000–E007F) are invisible yet some models read them as the ASCII
 * they shadow, so they can carry a whole hidden instruction: they are removed, not escaped.
 */
const TAG_CHARACTERS = /[\u{E0000}-\u{E007F}]/gu;

/**
 * Characters escaped wherever they appear: the real angle brackets; look-alikes that a model may
 * read as one (fullwidth, small-form, single guillemets, mathematical, CJK and ornamental angle
 * brackets, modifier and syllabics arrowheads); and the bidi controls that make text read in
 * another order than it is stored.
 */
const UNSAFE =
  /[<>\u02C2\u02C3\u1433\u1438\u2039\u203A\u2329\u232A\u276C-\u2771\u27E8-\u27EB\u29FC\u29FD\u3008-\u300B\uFE64\uFE65\uFF1C\uFF1E\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * An ampersand that starts something shaped like a character reference (`&lt;`, `&#60;`, a bare
 * `&lt`) is escaped, so an escaped bracket in the data stays distinct from one we escaped and
 * every block reads back exactly. Other ampersands (AT&T, R&D) are left as HTML5 itself allows:
 * company names are full of them and they should reach the model as written.
 */
const REFERENCE_AMPERSAND = /&(?=#|[a-z0-9]+;|lt|gt|amp)/gi;

/** The block for `value`: text as escaped text, anything else as escaped, indented JSON. */
export function dataBlock(name: BlockName, value: JsonData): string {
  const content = typeof value === 'string' ? textContent(name, value) : jsonContent(name, value);
  return `<${name}>\n${content}\n</${name}>`;
}

/**
 * Text is escaped as in HTML (`&lt;`, `&gt;`, `&amp;`, `&#x2039;`): models have read more
 * HTML-escaped text than any other kind, including the HTML of a draft body, so they read it as
 * the characters it stands for, while the prompt itself never holds a bracket from the data.
 */
function textContent(name: BlockName, value: string): string {
  return capped(value, CAPS[name])
    .replace(REFERENCE_AMPERSAND, '&amp;')
    .replace(UNSAFE, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : `&#x${hex(c)};`));
}

/**
 * JSON with the same characters as `\u` escapes, as JSON allows in any string: a JSON parser (and
 * a model) reads back the very value, and `<`, `>` never appear outside an escape. Only strings
 * hold these characters in JSON text, so replacing them keeps the JSON valid.
 */
function jsonContent(name: BlockName, value: JsonData): string {
  return JSON.stringify(cappedJson(value, CAPS[name]), null, 2)
    .replace(REFERENCE_AMPERSAND, '\\u0026')
    .replace(UNSAFE, (c) => `\\u${hex(c).toLowerCase()}`);
}

function cappedJson(value: JsonData, cap: number): JsonData {
  if (typeof value === 'string') return capped(value, cap);
  if (Array.isArray(value)) return value.map((item) => cappedJson(item, cap));
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines keys as own data, so a column named "__proto__" stays a plain key.
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) =>
      item === undefined ? [] : [[capped(key, KEY_CAP), cappedJson(item, cap)]],
    ),
  );
}

/** Tag characters removed, then cut at `cap` with a visible marker (never inside a surrogate pair). */
function capped(value: string, cap: number): string {
  const text = value.replace(TAG_CHARACTERS, '');
  if (text.length <= cap) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(cap - 1)) ? cap - 1 : cap;
  return `${text.slice(0, end)} ${TRUNCATED}`;
}

const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/**
 * What a system prompt says about the blocks' escapes, so the model reads the data as written
 * rather than copying the escapes into its reply.
 */
export const BLOCK_ESCAPES_RULE =
  'Inside the blocks, &lt; &gt; &amp; and &#x…; in text stand for the characters they escape, as in HTML, and \\u escapes in JSON as in JSON; a value cut short ends in [truncated]. Write your reply with the characters themselves.';
