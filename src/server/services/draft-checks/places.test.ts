import { describe, expect, it } from 'vitest';
import { keyText } from './claim-words';
import { placeClaimFindings } from './place-claims';
import { judgePlace, placesGiven } from './places';

/** How a place named in a draft stands to a row's values and the AI's other sources. */
const judge = (name: string, row: string[], sources = '') => judgePlace(name, placesGiven(row, sources));

/** The places a draft's body gives as the recipient's that the sources do not. */
const flagged = (body: string, row: string[], sources = '') =>
  placeClaimFindings('', body, keyText([...row, sources].join('\n')), placesGiven(row, sources)).map(
    (f) => f.span?.text,
  );

describe('judgePlace', () => {
  it('takes the county, region or country of the row’s town as given, not a town beside it', () => {
    expect(judge('Warwickshire', ['Warwick'])).toBe('given');
    expect(judge('Yorkshire', ['Leeds'])).toBe('given');
    expect(judge('Nottingham', ['Derby'])).toBe('other');
    expect(judge('Lancashire', ['Leeds'])).toBe('other');
  });

  it('takes a place inside one the sources name as news: "the Midlands" does not give Nottingham', () => {
    expect(judge('Nottingham', ['Derby'], 'we advise employers across the midlands')).toBe('other');
    expect(judge('Midlands', ['Derby'], '')).toBe('given');
  });

  it('gives a region the benefit of the doubt when the row names no town the table knows', () => {
    expect(judge('Northumberland', ['Hexham'])).toBe('given');
    expect(judge('Gateshead', ['Whitley Bay'])).toBe('other');
    expect(judge('Atlantis', ['Hexham'])).toBe('unknown');
  });

  it('knows a place by its names in four languages and its local ones', () => {
    expect(judge('Bayern', ['München'])).toBe('given');
    expect(judge('Bavaria', ['Munich'])).toBe('given');
    expect(judge('Alcoy', ['Alcoi'])).toBe('given');
    expect(judge('la Loire', ['Saint-Étienne'])).toBe('given');
    expect(judge('Alicante', ['Elche'])).toBe('given');
    expect(judge('Comunitat Valenciana', ['Elx'])).toBe('given');
    expect(judge('Valencia', ['Elche'])).toBe('other');
    expect(judge('Ruhrgebiet', ['Gelsenkirchen'])).toBe('given');
    expect(judge('Aragón', ['Zaragoza'])).toBe('given');
  });
});

describe('placeClaimFindings: a place given as the recipient’s', () => {
  it('French: "votre boutique de Chambéry" for a shop in Annecy, not "à Annecy" nor the Savoie', () => {
    expect(flagged('Le bail de votre boutique de Chambéry arrive à échéance.', ['Annecy'])).toEqual([
      'Chambéry',
    ]);
    expect(flagged('Le bail de votre boutique à Annecy arrive à échéance.', ['Annecy'])).toEqual([]);
    expect(flagged('Le bail de votre boutique en Haute-Savoie arrive à échéance.', ['Annecy'])).toEqual([]);
    expect(flagged('Le bail de la boutique de Chambéry arrive à échéance.', ['Annecy'])).toEqual([]);
  });

  it('Spanish: "su nave de Cartagena" for a firm in Lorca, not "su nave de Lorca" nor "en Alcoy" for Alcoi', () => {
    expect(flagged('Su nave de Cartagena es ideal para el autoconsumo.', ['Lorca'])).toEqual(['Cartagena']);
    expect(flagged('Su nave de Lorca es ideal para el autoconsumo.', ['Lorca'])).toEqual([]);
    expect(flagged('Sus 5.500 m² de cubierta en Alcoy permiten una instalación.', ['Alcoi'])).toEqual([]);
  });

  it('German: "Ihren Betrieb in Aichach" for a firm in Friedberg; not "in Zukunft" nor the row’s town', () => {
    expect(flagged('Für Ihren Betrieb in Aichach übernehmen wir die Buchhaltung.', ['Friedberg'])).toEqual([
      'Aichach',
    ]);
    expect(flagged('Für Ihren Betrieb in Friedberg übernehmen wir die Buchhaltung.', ['Friedberg'])).toEqual(
      [],
    );
    expect(flagged('Ihre Buchhaltung in Zukunft digital.', ['Friedberg'])).toEqual([]);
    expect(flagged('Ihre Daten bleiben in Deutschland.', ['Bremen'])).toEqual([]);
  });

  it('English is the name check’s to judge (grounding.ts), so nothing is found here twice', () => {
    expect(flagged('Your Nottingham team will need careful handling.', ['Derby'])).toEqual([]);
  });

  it('the sender’s place after a person of theirs is no claim: "Ihr Ansprechpartner in Augsburg"', () => {
    // The sender's profile names the place; the row gives the recipient another.
    const withSender = (body: string, row: string[], profile: string) =>
      placeClaimFindings('', body, keyText(row.join('\n')), placesGiven(row, ''), {
        keyedSources: keyText([...row, profile].join('\n')),
        given: placesGiven(row, profile.toLowerCase()),
      }).map((f) => f.span?.text);
    expect(
      withSender('Ihr Ansprechpartner in Augsburg ist Herr Vogel.', ['Friedberg'], 'Kanzlei in Augsburg'),
    ).toEqual([]);
    expect(
      withSender(
        'Votre interlocuteur à Grenoble sera Maître Lemaire.',
        ['Annecy'],
        'bureaux à Lyon et Grenoble',
      ),
    ).toEqual([]);
    expect(withSender('Su asesor en Elche le llamará.', ['Lorca'], 'con sede en Elche')).toEqual([]);
    // A site of theirs at the sender's town is still a place given as theirs.
    expect(withSender('Su nave de Elche tiene buena cubierta.', ['Lorca'], 'con sede en Elche')).toEqual([
      'Elche',
    ]);
    expect(
      withSender('Votre boutique de Grenoble mérite un bail solide.', ['Annecy'], 'bureaux à Grenoble'),
    ).toEqual(['Grenoble']);
  });
});
