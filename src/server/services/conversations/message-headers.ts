import addressparser from 'nodemailer/lib/addressparser';

/**
 * Reading header values as mail carries them: folded lines, comments, Message-ID lists, address
 * lists and RFC 2047 encoded-words. Shared by the parsers of whole messages, of header-only
 * listings and of delivery reports.
 */

/** A message's sender: the first address of its From header, with the display name decoded. */
export type Sender = { address: string; name: string } | null;

const DAEMON_LOCAL_PART =
  /^(mailer-daemon|mailerdaemon|mail-daemon|postmaster|microsoftexchange[0-9a-f]{32})$/i;

/** Mail systems, not people: the senders of bounces and other delivery notices. */
export function isMailSystem(from: Sender) {
  if (!from) return false;
  const local = from.address.slice(0, from.address.lastIndexOf('@'));
  return DAEMON_LOCAL_PART.test(local) || /^mail delivery (subsystem|system)$/i.test(from.name.trim());
}

/** The first address of a From header value, with its display name decoded. */
export function senderOf(value: string): Sender {
  const [firstFrom] = parseAddresses(value);
  return firstFrom ? { address: firstFrom.address, name: decodeWords(firstFrom.name) } : null;
}

export function first(headers: Map<string, string[]>, name: string) {
  return headers.get(name)?.[0];
}

export function unfold(value: string) {
  return value.replace(/\r?\n(?=[ \t])/g, '').trim();
}

export function stripComments(value: string) {
  return value.replace(/\([^()]*\)/g, ' ').trim();
}

/** Ids in angle brackets; bare ids containing "@" when a sender left the brackets out. */
export function messageIds(value: string): string[] {
  const bracketed = [...value.matchAll(/<([^<>]*)>/g)].map((m) => m[1]!.trim()).filter(Boolean);
  if (bracketed.length > 0) return bracketed;
  return value.split(/[\s,]+/).filter((token) => token.includes('@'));
}

export function parseAddresses(value: string) {
  return addressparser(value, { flatten: true }).filter((a) => a.address);
}

/** RFC 2047 encoded-words, for header values a provider passes on undecoded. */
export function decodeWords(value: string) {
  return value
    .replace(/(=\?[^?\s]+\?[bq]\?[^?\s]*\?=)\s+(?==\?)/gi, '$1')
    .replace(
      /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([bq])\?([^?\s]*)\?=/gi,
      (word: string, charset: string, encoding: string, data: string) => {
        try {
          const bytes =
            encoding.toLowerCase() === 'b'
              ? Buffer.from(data, 'base64')
              : Buffer.from(
                  data
                    .replace(/_/g, ' ')
                    .replace(/=([0-9a-f]{2})/gi, (_: string, hex: string) =>
                      String.fromCharCode(Number.parseInt(hex, 16)),
                    ),
                  'latin1',
                );
          return new TextDecoder(charset).decode(bytes);
        } catch {
          return word;
        }
      },
    );
}
