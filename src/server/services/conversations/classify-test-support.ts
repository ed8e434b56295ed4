import { classifyInbound } from './classify';
import { type InboundMessage, parseHeaderOnlyMessage } from './inbound-message';

/** For the classifier's unit tests: the mailbox the messages arrive in, and messages built from a few fields. */
export const SENDER = { address: 'alice@example.com' };

export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A message with only what a test sets; the rest empty, as a plain reply would be. */
export function message(
  overrides: Partial<InboundMessage> & { headerList?: [string, string][] },
): InboundMessage {
  const { headerList = [], ...rest } = overrides;
  return {
    ...parseHeaderOnlyMessage([
      { name: 'From', value: 'Bob <bob@example.org>' },
      { name: 'To', value: 'alice@example.com' },
      { name: 'Date', value: 'Mon, 30 Nov 2026 10:00:00 +0000' },
      ...headerList.map(([name, value]) => ({ name, value })),
    ]),
    ...rest,
  };
}

export const classify = (overrides: Parameters<typeof message>[0]) =>
  classifyInbound(message(overrides), SENDER);
