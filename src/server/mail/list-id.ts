import { encodeWord, quoteString } from 'nodemailer/lib/mime-funcs';
import type { MimeNodePreparedHeaderValue } from 'nodemailer/lib/mime-node';

/** RFC 5322 atext and spaces: a phrase of plain words that needs no quoting. */
const PLAIN_WORDS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The List-Id header (RFC 2919) of a campaign's emails: the campaign's name as the phrase and
 * `c<id>.<domain>` as the list id, e.g. `Spring launch <c42.mail.example.com>`. Spam filters
 * score bulk-looking mail without one worse, and mailbox providers use it to tell one stream
 * from another. Control characters in the name (a line break would start a header of its own)
 * become spaces; quotes and other specials are quoted, anything beyond ASCII goes out as
 * encoded words. Returned prepared, because MailComposer would otherwise encode the whole value,
 * the angle-bracketed id included.
 */
export function listIdHeader(name: string, id: string): MimeNodePreparedHeaderValue {
  const phrase = name
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const listId = `<${id}>`;
  return { prepared: true, foldLines: true, value: phrase ? `${encodedPhrase(phrase)} ${listId}` : listId };
}

function encodedPhrase(phrase: string) {
  if (!PRINTABLE_ASCII.test(phrase)) return encodeWord(phrase, 'Q', 52);
  return PLAIN_WORDS.test(phrase) ? phrase : quoteString(phrase);
}
