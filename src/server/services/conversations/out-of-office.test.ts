import { describe, expect, it } from 'vitest';
import { classifyInbound, returnDate } from './classify';
import { day, message, SENDER } from './classify-test-support';

describe('returnDate', () => {
  const sent = new Date('2026-11-30T10:00:00Z');

  it.each([
    ['I will be back on 3 December 2026.', '2026-12-03'],
    ['I return on Monday, December 7.', '2026-12-07'],
    ["I'll be back in the office on Monday 7th December", '2026-12-07'],
    ['Out of the office until 12/07/2026.', '2026-12-07'],
    ['Away until 2026-12-07, limited access to email.', '2026-12-07'],
    ['Ich bin zurück am 07.12.2026.', '2026-12-07'],
    ['Ich bin bis einschließlich 4. Dezember nicht im Büro.', '2026-12-05'],
    ['Je serai de retour le 7 décembre.', '2026-12-07'],
    ["Je suis absente jusqu'au 4 décembre 2026.", '2026-12-04'],
    ['Estaré fuera hasta el 7 de diciembre.', '2026-12-07'],
    ['Back on Jan 4.', '2027-01-04'],
    ['Back on 13/01/2027.', '2027-01-13'],
    ['I am travelling and back in February 2027.', '2027-02-01'],
    ["I'll be back in the office early January.", '2027-01-01'],
    [
      'Ich bin ab dem 1. Dezember im Urlaub und bis einschließlich 6. Dezember nicht erreichbar.',
      '2026-12-07',
    ],
    [
      'Ich bin bis einschließlich 6. Januar nicht im Büro. Ab dem 7. Januar bin ich wieder erreichbar.',
      '2027-01-07',
    ],
    ["Je suis absente jusqu'au 6 janvier inclus, de retour le 7 janvier.", '2027-01-07'],
    ["Je suis absente jusqu'au 6 janvier inclus.", '2027-01-07'],
    ['Estaré fuera hasta el 6 de enero inclusive.', '2027-01-07'],
    ['Sono fuori ufficio fino al 6 gennaio compreso; rientrerò il 7 gennaio.', '2027-01-07'],
    ['Ik ben tot en met 6 januari afwezig, vanaf 7 januari weer bereikbaar.', '2027-01-07'],
    ['Estou de férias até 6 de janeiro, inclusive. Estarei de volta a 7 de janeiro.', '2027-01-07'],
    ['Zurück im Februar.', '2027-02-01'],
    ['Sarò di ritorno a metà gennaio.', '2027-01-15'],
  ])('reads "%s"', (text, iso) => {
    expect(returnDate(text, sent)).toEqual(day(iso));
  });

  it.each([
    ['no date at all', 'I am out of the office until further notice.'],
    ['a weekday only', 'I will be back on Monday.'],
    ['a slashed date that could be either day', 'Back on 03/04/2027.'],
    ['a date before the message', 'I was back on 3 November 2026.'],
    ['a date more than a year away', 'Back on 3 December 2030.'],
    ['a date far from any return word', 'On 3 December 2026 we celebrate our anniversary.'],
    ['an impossible date', 'Back on 31 November.'],
    ['"may" as a verb', 'I may be back on Monday.'],
  ])('is null for %s', (_, text) => {
    expect(returnDate(text, sent)).toBeNull();
  });

  it('needs the message date to place a date without a year', () => {
    expect(returnDate('Back on December 7.', null)).toBeNull();
    expect(returnDate('Back on 7 December 2026.', null)).toEqual(day('2026-12-07'));
  });

  it('reads the return date of the new text only, not of the quoted message', () => {
    const msg = message({
      subject: 'Automatic reply: Quick question',
      text: 'I am travelling.\n\nOn Mon, Nov 30, 2026 at 10:00 AM Alice <alice@example.com> wrote:\n> Back on 3 December 2026',
    });
    expect(classifyInbound(msg, SENDER)).toEqual({ kind: 'auto-reply', returnDate: null });
  });
});
