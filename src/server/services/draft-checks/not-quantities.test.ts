import { describe, expect, it } from 'vitest';
import { groundingFindings } from './grounding';

/** What the cheap check points at in a body, against sources that hold none of these numbers. */
const flagged = (body: string) =>
  groundingFindings('', body, 'write to firms about our it support. sender: tom, northgate it').map(
    (f) => f.span?.text,
  );

describe('numbers that name something are no figures about anyone', () => {
  it('telephone numbers in a signature, in the four languages’ ways of writing them', () => {
    expect(flagged('Best,\nTom\nTel. 0161 496 0123')).toEqual([]);
    expect(flagged('Mit freundlichen Grüßen\nTel. +49 821 4550 7720')).toEqual([]);
    expect(flagged('Bien cordialement,\nTél. : 04 72 10 33 20')).toEqual([]);
    expect(flagged('Un saludo,\nTel. 965 123 456')).toEqual([]);
    expect(flagged('Best,\nDana\n(555) 123-4567')).toEqual([]);
  });

  it('telephone numbers after "call me on" or "llámeme al", and Spain\'s nine digits in threes', () => {
    expect(flagged('You can also reach me directly on 0113 496 0732.')).toEqual([]);
    expect(flagged('Puede escribirme o llamarme al 910 555 284.')).toEqual([]);
    expect(flagged('Si lo prefiere, llámeme al 963 555 412.')).toEqual([]);
    expect(flagged('Un saludo,\nJavier\n944 555 127')).toEqual([]);
    // A count in threes is still a count: it opens with a 1, or it is not three groups of three.
    expect(flagged('Your 125 000 members deserve better.')).toEqual(['125 000']);
  });

  it("a street written short before its number, and a rate's hundred", () => {
    expect(flagged('Tafelwerk Catering GmbH · Venloer Str. 112 · 50823 Köln')).toEqual([]);
    expect(flagged('Fewer than 2 in every 100 crowns we made came back.')).toEqual([]);
    expect(flagged('Nur 3 von 100 Kunden kündigen.')).toEqual([]);
    expect(flagged('You have 100 staff in the field.')).toEqual(['100']);
  });

  it('postcodes before a town the place table knows, and street numbers after the street', () => {
    expect(flagged('Maximilianstraße 112, 86150 Augsburg')).toEqual([]);
    expect(flagged('12 rue de la République, 69002 Lyon')).toEqual([]);
    expect(flagged('C/ Mayor 123, 03201 Elche')).toEqual([]);
  });

  it('products, standards and models: "Microsoft 365", "ISO 27001", "CAT 320"', () => {
    expect(flagged('We can look after your Microsoft 365 setup.')).toEqual([]);
    expect(flagged('We hold ISO 27001 and Cyber Essentials Plus.')).toEqual([]);
    expect(flagged('Für Ihre Baustelle liefern wir den CAT 320 oder den Liebherr A 918.')).toEqual([]);
  });

  it('articles of laws, reference numbers and dates written with strokes', () => {
    expect(flagged('Nach § 147 AO müssen Sie Belege zehn Jahre aufbewahren.')).toEqual([]);
    expect(flagged("L'article L. 145-34 du Code de commerce plafonne la hausse de votre loyer.")).toEqual([]);
    expect(flagged('El Real Decreto 244/2019 regula el autoconsumo en su nave.')).toEqual([]);
    expect(flagged('Could we talk on 12/03/2026?')).toEqual([]);
    expect(flagged('Ref: 48213. Az. 2024/117')).toEqual([]);
  });

  it('still flags counts and money, however the words before them are capitalised', () => {
    expect(flagged('Für Ihre 300 Mitarbeitenden rechnet sich das.')).toEqual(['300']);
    expect(flagged('Über 1.000 Kunden vertrauen Ihnen.')).toEqual(['1.000']);
    expect(flagged('With Over 400 Staff, Brook Care needs this.')).toEqual(['400']);
    expect(flagged('For your 18 staff that comes to £756 a month.')).toEqual(['£756']);
    expect(flagged('Call 0161 496 0123 to save €4,500.')).toEqual(['€4,500']);
    expect(flagged('Sie haben 86150 Kunden in Augsburg.')).toEqual(['86150']);
  });
});
