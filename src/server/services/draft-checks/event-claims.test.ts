import { describe, expect, it } from 'vitest';
import { keyText } from './claim-words';
import { eventClaimFindings } from './event-claims';

/** The events a body tells of that the row and prompt (`sources`) do not. */
const flagged = (body: string, sources: string) =>
  eventClaimFindings('', body, keyText(sources)).map((f) => f.span?.text);

describe('eventClaimFindings', () => {
  it('English: an invented launch, acquisition or funding round; not one the row gives', () => {
    expect(flagged('Congratulations on the launch of Plinth Ledger!', 'Ada, Plinth')).toEqual(['launch']);
    expect(
      flagged('Now that your team has doubled since last year’s acquisition, …', 'Sofia, Lusitana'),
    ).toEqual(['acquisition']);
    expect(flagged('Congrats on the recent funding round.', 'Tariq, Cloudmerchant')).toEqual([
      'funding round',
    ]);
    expect(
      flagged('Congratulations on opening your fourth home in Walsall.', 'Opened a fourth home in Walsall'),
    ).toEqual([]);
  });

  it('English near misses: the sender’s own events, descriptions and suppositions', () => {
    expect(flagged('Since the opening of our day hospice, you have supported us.', 'Ada')).toEqual([]);
    expect(flagged('Your opening hours suit a lunchtime session.', 'Ada')).toEqual([]);
    expect(flagged('We can bring down your customer acquisition costs.', 'Ada')).toEqual([]);
    expect(flagged('If your expansion goes ahead, we can help.', 'Ada')).toEqual([]);
    expect(flagged('Book your table at the opening reception.', 'Ada')).toEqual([]);
  });

  it('German: "zur Eröffnung Ihres zweiten Standorts", "zum Firmenjubiläum"; not a founding the row gives', () => {
    expect(
      flagged('Herzlichen Glückwunsch zur Eröffnung Ihres zweiten Standorts in Osnabrück!', 'Kröger, Bremen'),
    ).toEqual(['Eröffnung', 'zweiten Standorts']);
    expect(flagged('Herzlichen Glückwunsch zum 25-jährigen Firmenjubiläum!', 'E-Rechnung steht an')).toEqual([
      'Firmenjubiläum',
    ]);
    expect(flagged('Herzlichen Glückwunsch zur Eröffnung Ihrer Praxis!', 'Praxisneugründung 2025')).toEqual(
      [],
    );
  });

  it('French: "l’ouverture de votre deuxième magasin"; not "vos horaires d’ouverture"', () => {
    expect(
      flagged(
        'Félicitations pour l’ouverture de votre deuxième magasin à Grenoble !',
        'Faure Sports, Valence',
      ),
    ).toEqual(['ouverture', 'deuxième magasin']);
    expect(flagged('Vos horaires d’ouverture conviennent à nos ateliers.', 'Faure Sports')).toEqual([]);
    expect(
      flagged('Félicitations pour le lancement de votre gamme.', 'Lance une nouvelle gamme en 2026'),
    ).toEqual([]);
  });

  it('Spanish: "el lanzamiento de vuestra colección"; not "vuestra expansión" the row gives', () => {
    expect(
      flagged('Enhorabuena por el lanzamiento de vuestra colección de punto.', 'Moda sostenible'),
    ).toEqual(['lanzamiento']);
    expect(
      flagged('Enhorabuena por vuestra expansión internacional.', 'Interés: expansión internacional'),
    ).toEqual([]);
    expect(flagged('Su horario de apertura es amplio.', 'Moda sostenible')).toEqual([]);
  });

  it('a new site the row tells in other words is given: a move, an opening, a second one', () => {
    expect(
      flagged(
        'With your new premises, it is a good time to check the network.',
        'Moved to a larger unit in March',
      ),
    ).toEqual([]);
    expect(flagged('Congratulations on your new Leeds site.', 'Opened a second practice in Leeds')).toEqual(
      [],
    );
    expect(flagged('Glückwunsch zum neuen Standort!', 'Zweite Praxis in Augsburg seit Mai')).toEqual([]);
    expect(flagged('Félicitations pour votre nouvelle agence.', 'Déménagement à Annecy en mars')).toEqual([]);
    expect(flagged('Enhorabuena por su nueva tienda.', 'Traslado a Murcia')).toEqual([]);
    // Nothing of a new site in the sources: still an invented event, whatever the prompt asks.
    expect(flagged('Congratulations on your new Leeds site.', 'Ask if they are open to a call')).toEqual([
      'new Leeds site',
    ]);
    expect(flagged('Enhorabuena por su nueva tienda.', 'Reunión en abril')).toEqual(['nueva tienda']);
    // Working days ("jours ouvrés") and April ("abril") tell of no opening.
    expect(
      flagged('Félicitations pour l’ouverture de votre deuxième magasin.', 'Sous dix jours ouvrés'),
    ).toEqual(['ouverture', 'deuxième magasin']);
    expect(flagged('Enhorabuena por la apertura de su tienda.', 'Cita en abril')).toEqual(['apertura']);
  });
});
