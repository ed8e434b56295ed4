import { describe, expect, it } from 'vitest';
import { oneLineError, saveSenderSettingsBody } from './settings';

describe('sender settings body', () => {
  it('refuses a line break or control character in a one-line field, naming the field', () => {
    for (const [field, value, label] of [
      ['name', 'Alice\r\nBcc: victim@example.com', 'Sender Name'],
      ['streetAddress', '1 Main St\nSuite 2', 'Street Address'],
      ['city', 'Spring\tfield', 'City'],
      ['zipCode', '62701\u0000', 'ZIP Code'],
      ['recipientReason', 'you asked\u2028us', 'Why Recipients Hear From You'],
      ['companyName', 'Acme\u0085Ltd', 'Company Name'],
    ] as const) {
      const parsed = saveSenderSettingsBody.safeParse({ [field]: value });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual([field]);
      expect(parsed.error?.issues[0]?.message).toBe(
        `${label} must be one line: remove line breaks and other control characters`,
      );
    }
  });

  it('keeps ordinary text, trimmed, and lets the signature (HTML) span lines', () => {
    const parsed = saveSenderSettingsBody.parse({
      name: '  Maya Patel ',
      companyName: 'Ünïcode & Co — “Ltd”',
      recipientReason: 'you signed up at acme.com',
      signature: '<p>Best,</p>\n<p>Maya</p>',
    });
    expect(parsed).toMatchObject({ name: 'Maya Patel', signature: '<p>Best,</p>\n<p>Maya</p>' });
    expect(oneLineError('City', 'Springfield')).toBeNull();
    expect(oneLineError('City', null)).toBeNull();
  });
});
