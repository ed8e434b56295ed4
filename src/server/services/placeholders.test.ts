import { describe, expect, it } from 'vitest';
import { assertEmailFilled, assertFooterFilled } from './placeholders';

const footer = (unsubscribeMessage: string | null, includeUnsubscribeLink = true) => ({
  includeUnsubscribeLink,
  unsubscribeMessage,
});
const email = { subject: 'Hello', body: '<p>Hi</p>', includeUnsubscribeLink: null };

describe('assertFooterFilled', () => {
  it('refuses a footer with a default placeholder, naming it', () => {
    expect(() => assertFooterFilled(footer('Acme\nYou received this email because [reason].'))).toThrow(
      'The unsubscribe footer still contains the placeholder "[reason]": replace it with your own text before sending.',
    );
    expect(() => assertFooterFilled(footer('[company name]\n[City], CA'))).toThrow(
      'The unsubscribe footer still contains the placeholders "[Company Name]" and "[City]": replace them with your own text before sending.',
    );
  });

  it('accepts a filled footer, brackets of its own, and a footer that is not shown', () => {
    expect(() => assertFooterFilled(footer('Acme [EU] Ltd\n1 Main St'))).not.toThrow();
    expect(() => assertFooterFilled(footer(null))).not.toThrow();
    expect(() => assertFooterFilled(footer('[reason]', false))).not.toThrow();
  });
});

describe('assertEmailFilled', () => {
  it('refuses an email whose subject or body holds a placeholder, or whose footer does', () => {
    expect(() => assertEmailFilled({ ...email, body: '<p>Visit us in [City]</p>' }, footer(null))).toThrow(
      'This email still contains the placeholder "[City]": replace it with your own text before sending.',
    );
    expect(() => assertEmailFilled({ ...email, subject: 'News from [Company Name]' }, footer(null))).toThrow(
      /"\[Company Name\]"/,
    );
    expect(() => assertEmailFilled(email, footer('[reason]'))).toThrow(/The unsubscribe footer/);
  });

  it("follows the email's own unsubscribe setting over the campaign's", () => {
    expect(() =>
      assertEmailFilled({ ...email, includeUnsubscribeLink: false }, footer('[reason]')),
    ).not.toThrow();
    expect(() =>
      assertEmailFilled({ ...email, includeUnsubscribeLink: true }, footer('[reason]', false)),
    ).toThrow(/\[reason\]/);
  });
});
