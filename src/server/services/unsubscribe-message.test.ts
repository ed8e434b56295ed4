import { describe, expect, it } from 'vitest';
import { defaultUnsubscribeMessage } from './unsubscribe-message';

describe('default unsubscribe message', () => {
  it('puts placeholders where settings are missing or blank', () => {
    expect(
      defaultUnsubscribeMessage({
        companyName: 'Acme',
        streetAddress: '  ',
        city: null,
        state: 'CA',
        zipCode: null,
      }),
    ).toBe(
      'Acme\n[Street Address]\n[City], CA [ZIP Code]\nYou received this email because [reason]. This is a commercial message.',
    );
  });
});
