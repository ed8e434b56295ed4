import { DEFAULT_PLACEHOLDERS as P } from '../../contract/placeholders';

type Address = {
  companyName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  recipientReason?: string | null;
};

/**
 * The sender's reason as the clause after "because": its own closing full stop dropped (the
 * sentence adds one), and a leading "because" the user typed too.
 */
function reasonClause(reason: string | null | undefined) {
  return reason
    ?.trim()
    .replace(/^because\s+/i, '')
    .replace(/[.\s]+$/, '');
}

/**
 * docs/product.md §3's default unsubscribe message: company, street, "city, state zip", then the
 * line saying why the recipient hears from the sender. Bracketed placeholders stand in for settings
 * the sender has not filled in yet; sending is refused while any is left (services/placeholders.ts).
 */
export function defaultUnsubscribeMessage(settings: Address | null): string {
  const value = (v: string | null | undefined, placeholder: string) => v?.trim() || placeholder;
  return [
    value(settings?.companyName, P.companyName),
    value(settings?.streetAddress, P.streetAddress),
    `${value(settings?.city, P.city)}, ${value(settings?.state, P.state)} ${value(settings?.zipCode, P.zipCode)}`,
    `You received this email because ${value(reasonClause(settings?.recipientReason), P.reason)}. This is a commercial message.`,
  ].join('\n');
}
