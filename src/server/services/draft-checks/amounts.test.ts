import { describe, expect, it } from 'vitest';
import { amountsIn, isGivenAmount, sourceValues } from './amounts';

/** Whether the first amount of `draft` is one that `sources` give, however either writes it. */
const given = (draft: string, sources: string) => {
  const [amount] = amountsIn(draft);
  if (!amount) throw new Error(`no amount in ${draft}`);
  return isGivenAmount(amount, sourceValues(sources.toLowerCase()));
};

describe('amountsIn', () => {
  it('reads an amount with its currency, multiplier and percent sign, each in the text as written', () => {
    expect(amountsIn('Raised €95k, then $1.2M, and 15 % more').map((a) => [a.text, a.values])).toEqual([
      ['€95k', [95_000]],
      ['$1.2M', [1_200_000]],
      ['15 %', [15]],
    ]);
  });

  it('reads "1.200" both ways (German thousands, English decimals) and "2,8" as a decimal', () => {
    expect(amountsIn('1.200 Kunden')[0]!.values).toEqual([1200, 1.2]);
    expect(amountsIn('2,8 Jahre')[0]!.values).toEqual([2.8]);
    expect(amountsIn('1.200,50 €')[0]!.values).toEqual([1200.5]);
  });

  it('reads a metre as a unit of its own: "12 000 m²" is an area, not 12 billion', () => {
    expect(amountsIn('eine Halle mit 12 000 m²').map((a) => [a.values, a.scaled])).toEqual([
      [[12_000], false],
    ]);
  });

  it('takes no multiplier from the next line or an address', () => {
    expect(amountsIn('9,000\nm@acme.test').map((a) => a.text)).toEqual(['9,000']);
  });
});

describe('isGivenAmount: the same amount written another way is given', () => {
  it('a total the draft works out from a given price and a given count', () => {
    expect(given('wären das ab 5.880 €', 'guests: 120. Paket ab 49 € pro Person')).toBe(true);
    expect(given('£1,440 for all six', 'team_in_bristol: 6. desks from £240 a month')).toBe(true);
    expect(given('desde 267 € al mes', 'lifts: 3. desde 89 € al mes por ascensor')).toBe(true);
    // Neither a price times a count the sources lack, nor a count times a count.
    expect(given('£1,680 for all of you', 'team_in_bristol: 6. desks from £240 a month')).toBe(false);
    expect(given('€720 a year', 'team: 6 people, 120 hours')).toBe(false);
  });

  it('English: "3.8k" is 3,800, "€95k" is €95,000, "£2m" is not £2,000', () => {
    expect(given('around 3.8k users', 'Look after 3,800 users')).toBe(true);
    expect(given('your €95k budget', 'budget: €95,000')).toBe(true);
    expect(given('we saved £2m', 'we saved £2,000')).toBe(false);
  });

  it('German: "12 000 m²" is "12.000 m²", "15 Prozent" is "15 %", "9 Mio." is "9 Millionen"', () => {
    expect(given('mit 12 000 m²', 'Logistikhalle (12.000 m²)')).toBe(true);
    expect(given('15 Prozent Rabatt', '15 % Rabatt auf alle Mietpreise')).toBe(true);
    expect(given('9 Mio. Euro', '9 Millionen Euro Umsatz')).toBe(true);
    expect(given('16 Prozent Rabatt', '15 % Rabatt')).toBe(false);
  });

  it('French: "1200 € HT" is "1 200 € HT" (a no-break space too), "38 pour cent" is "38 %"', () => {
    expect(given('à partir de 1200 € HT', 'à partir de 1 200 € HT')).toBe(true);
    expect(given('à partir de 1200 € HT', 'à partir de 1\u202f200 € HT')).toBe(true);
    expect(given('38 pour cent', 'économie de 38 %')).toBe(true);
    expect(given('1300 € HT', 'à partir de 1 200 € HT')).toBe(false);
  });

  it('Spanish: "4.000 euros" is "4.000 €", "38 por ciento" is "38 %", "2 millones" is "2M"', () => {
    expect(given('unos 4.000 euros al mes', 'gasto: 4.000 €')).toBe(true);
    expect(given('un 38 por ciento', 'ahorro medio del 38 %')).toBe(true);
    expect(given('2 millones de euros', 'facturación 2M €')).toBe(true);
    expect(given('1.216 € al mes', 'gasto: 3.200 €, ahorro del 38 %')).toBe(false);
  });

  it('a percentage only by a percentage: "15 %" off is another fact than 15 staff', () => {
    expect(given('mindestens 15 % Steuern sparen', 'Betriebe bis 15 Mitarbeitende')).toBe(false);
    expect(given('15 staff', 'a discount of 15 %')).toBe(true);
  });
});
