type AddressSettings = {
  companyName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
} | null;

/** The sender's postal address from Account Settings on one line, or null without a street address. */
export function postalAddressOf(settings: AddressSettings): string | null {
  const street = settings?.streetAddress?.trim();
  if (!street) return null;
  const place = [
    settings?.city?.trim(),
    [settings?.state?.trim(), settings?.zipCode?.trim()].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return [settings?.companyName?.trim(), street, place].filter(Boolean).join(', ');
}

/**
 * The unsubscribe footer of commercial mail (the link is on) carries the sender's postal address,
 * as the law asks: the campaign's own message when it already names the street, else that message
 * with the address from Account Settings added as its last line. Without an address in Settings
 * the message goes as written, and the editor and the send step warn the user.
 */
export function footerWithPostalAddress(footer: string | null, settings: AddressSettings): string | null {
  const address = postalAddressOf(settings);
  if (!address) return footer;
  const street = settings!.streetAddress!.trim().toLowerCase();
  if (footer?.toLowerCase().includes(street)) return footer;
  return footer?.trim() ? `${footer.trimEnd()}\n${address}` : address;
}
