import { describe, expect, it } from 'vitest';
import { unfilledPlaceholders } from '../../contract/placeholders';
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

  it('fills "[reason]" with why recipients hear from the sender, so complete settings need no edit', () => {
    const complete = {
      companyName: 'Acme',
      streetAddress: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    };
    const message = defaultUnsubscribeMessage({
      ...complete,
      recipientReason: 'you signed up for updates at acme.com',
    });
    expect(message).toBe(
      'Acme\n1 Main St\nSpringfield, IL 62701\nYou received this email because you signed up for updates at acme.com. This is a commercial message.',
    );
    expect(unfilledPlaceholders(message)).toEqual([]);
    // Typed as a sentence of its own: no "because because", no double full stop.
    expect(
      defaultUnsubscribeMessage({ ...complete, recipientReason: ' Because you asked for our price list. ' }),
    ).toContain('because you asked for our price list. This is');
    // Left empty (or blank), it still says what to fill.
    for (const recipientReason of [null, '  ', '.'])
      expect(unfilledPlaceholders(defaultUnsubscribeMessage({ ...complete, recipientReason }))).toEqual([
        '[reason]',
      ]);
  });
});
