type Address = {
  companyName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
};

/**
 * SPEC §3's default unsubscribe message: company, street, "city, state zip", then the reason
 * line. Bracketed placeholders stand in for settings the sender has not filled in yet.
 */
export function defaultUnsubscribeMessage(settings: Address | null): string {
  const value = (v: string | null | undefined, placeholder: string) => v?.trim() || `[${placeholder}]`;
  return [
    value(settings?.companyName, 'Company Name'),
    value(settings?.streetAddress, 'Street Address'),
    `${value(settings?.city, 'City')}, ${value(settings?.state, 'State')} ${value(settings?.zipCode, 'ZIP Code')}`,
    'You received this email because [reason]. This is a commercial message.',
  ].join('\n');
}
