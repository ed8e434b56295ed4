import { DEFAULT_PLACEHOLDERS as P } from '../../contract/placeholders';

type Address = {
  companyName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
};

/**
 * docs/product.md §3's default unsubscribe message: company, street, "city, state zip", then the reason
 * line. Bracketed placeholders stand in for settings the sender has not filled in yet; sending
 * is refused while any is left (services/placeholders.ts).
 */
export function defaultUnsubscribeMessage(settings: Address | null): string {
  const value = (v: string | null | undefined, placeholder: string) => v?.trim() || placeholder;
  return [
    value(settings?.companyName, P.companyName),
    value(settings?.streetAddress, P.streetAddress),
    `${value(settings?.city, P.city)}, ${value(settings?.state, P.state)} ${value(settings?.zipCode, P.zipCode)}`,
    `You received this email because ${P.reason}. This is a commercial message.`,
  ].join('\n');
}
