import { describe, expect, it } from 'vitest';
import { footerWithPostalAddress, postalAddressOf } from './postal-address';

const settings = {
  companyName: 'Acme Ltd',
  streetAddress: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

describe('the postal address in the unsubscribe footer', () => {
  it('reads the address from Account Settings on one line, and none without a street', () => {
    expect(postalAddressOf(settings)).toBe('Acme Ltd, 1 Main St, Springfield, IL 62701');
    expect(postalAddressOf({ ...settings, companyName: null, state: null })).toBe(
      '1 Main St, Springfield, 62701',
    );
    expect(postalAddressOf({ ...settings, streetAddress: '  ' })).toBeNull();
    expect(postalAddressOf(null)).toBeNull();
  });

  it('adds it to a message that does not name the street, and leaves one that does', () => {
    expect(footerWithPostalAddress('Reply STOP to opt out.', settings)).toBe(
      'Reply STOP to opt out.\nAcme Ltd, 1 Main St, Springfield, IL 62701',
    );
    const own = 'Acme\n1 MAIN ST\nSpringfield';
    expect(footerWithPostalAddress(own, settings)).toBe(own);
    expect(footerWithPostalAddress(null, settings)).toBe('Acme Ltd, 1 Main St, Springfield, IL 62701');
  });

  it('sends the message as written when Settings has no address (the user was warned)', () => {
    expect(footerWithPostalAddress('Reply STOP to opt out.', { ...settings, streetAddress: null })).toBe(
      'Reply STOP to opt out.',
    );
  });
});
