import { simpleParser } from 'mailparser';
import { httpError, type MailProvider } from './mail-fake-http';
import { addresses, type SentMessage } from './mail-store';

type Decoded = Omit<SentMessage, 'id'>;

/**
 * Who a message may be sent as, by each service's rule, once the fakes know the token's account:
 * Gmail puts the account's own address in a From that is not one of its send-as aliases (the
 * fake's accounts have none), keeping the display name; Graph refuses a From of another mailbox
 * without Send As rights (403 ErrorSendAsDenied) and sends nothing.
 */
export async function asOwner(
  provider: MailProvider,
  record: Decoded,
  owner: string | null,
): Promise<Decoded> {
  const from = addresses(record.parsed.from)[0]?.toLowerCase();
  if (owner === null || from === owner) return record;
  if (provider === 'graph') {
    throw httpError(
      403,
      'The user account which was used to submit this request does not have the right to send mail on behalf of the specified sending account., Cannot submit message.',
      'ErrorSendAsDenied',
    );
  }
  const name = record.parsed.from?.value[0]?.name;
  const header = `From: ${name ? `"${name.replace(/["\\]/g, '')}" ` : ''}<${owner}>`;
  const end = record.raw.indexOf('\r\n\r\n');
  const head = (end < 0 ? record.raw : record.raw.slice(0, end)).split('\r\n');
  const start = head.findIndex((line) => /^from:/i.test(line));
  let stop = start + 1;
  while (start >= 0 && stop < head.length && /^[ \t]/.test(head[stop]!)) stop++;
  if (start < 0) head.unshift(header);
  else head.splice(start, stop - start, header);
  const raw = head.join('\r\n') + (end < 0 ? '' : record.raw.slice(end));
  const parsed = await simpleParser(raw);
  return { ...record, raw, parsed, rewrittenFrom: from ?? '' };
}
