import { describe, expect, it } from 'vitest';
import { keyText } from './claim-words';
import { offerDeadlineFindings } from './offer-deadlines';

/** The sentences of a body that set the offer a deadline the sources do not. */
const flagged = (body: string, sources = 'Rahmenvertrag mit 15 % Rabatt, Lieferung in 24 Stunden') =>
  offerDeadlineFindings('', body, keyText(sources)).map((f) => f.span?.text);

describe('offerDeadlineFindings: a deadline or a limit the offer does not have', () => {
  it('flags invented urgency in the four languages', () => {
    expect(flagged('Achtung: Das Angebot gilt nur bis Monatsende!')).toEqual([
      'Das Angebot gilt nur bis Monatsende!',
    ]);
    expect(flagged('The offer is only valid until Friday.')).toEqual([
      'The offer is only valid until Friday.',
    ]);
    expect(flagged('Offre valable jusqu’au 30 juin.')).toEqual(['Offre valable jusqu’au 30 juin.']);
    // A colon ends a point of its own: two limits, each flagged.
    expect(flagged('Plazas limitadas: solo hasta final de mes.')).toHaveLength(2);
  });

  it('leaves alone a deadline the sources set, and the recipient’s own deadlines', () => {
    expect(flagged('Das Angebot gilt nur bis Monatsende.', 'Angebot gültig bis 30. Juni')).toEqual([]);
    expect(flagged('Only 5 places left for the pilot.', 'Pilot for up to 5 schools, limited places')).toEqual(
      [],
    );
    expect(
      flagged(
        'The pilot is free only until the end of the spring semester.',
        'Free pilot for the spring semester',
      ),
    ).toEqual([]);
    expect(flagged('Your lease runs only until June, so now is the time.')).toEqual([]);
    expect(flagged('Ihr Mietvertrag läuft nur noch bis März.')).toEqual([]);
    expect(flagged('We deliver within 24 hours, and the framework runs for two years.')).toEqual([]);
  });
});
