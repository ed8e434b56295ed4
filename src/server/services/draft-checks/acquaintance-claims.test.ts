import { describe, expect, it } from 'vitest';
import { acquaintanceClaimFindings } from './acquaintance-claims';
import { keyText } from './claim-words';

/** The referrers and meetings a body claims that the sources do not give. */
const flagged = (body: string, sources: string, nounsCapitalised = false) =>
  acquaintanceClaimFindings('', body, keyText(sources), nounsCapitalised).map((f) => f.span?.text);

describe('acquaintanceClaimFindings: referrals', () => {
  it('English: a referrer no source names; not one the row gives', () => {
    expect(flagged('Tom Ellery from the CIPD suggested I get in touch.', 'Sanjay, Corvex')).toEqual([
      'Tom Ellery',
    ]);
    expect(flagged('Our mutual friend Lena Fischer suggested I write.', 'Ada')).toEqual(['Lena Fischer']);
    expect(
      flagged('A dear friend of mine, Ana Ruiz, suggested I write to you.', 'referred_by: Ana Ruiz'),
    ).toEqual([]);
    expect(flagged('A mutual friend suggested I get in touch.', 'Ada')).toEqual(['mutual friend']);
  });

  it('German: a referrer after a title; not a recommendation by no one in particular', () => {
    expect(flagged('Herr Anton Mayr hat mir empfohlen, mich bei Ihnen zu melden.', 'Schmid', true)).toEqual([
      'Anton Mayr',
    ]);
    expect(flagged('Viele Praxen kommen auf Empfehlung von Kollegen zu uns.', 'Kühn', true)).toEqual([]);
  });

  it('French: "de la part de" someone no source names', () => {
    expect(flagged('Je vous écris de la part de Marc Dubois, notre ami commun.', 'Claire')).toEqual([
      'Marc Dubois',
    ]);
    expect(flagged('Je vous écris de la part de Marc Dubois.', 'recommandé par Marc Dubois')).toEqual([]);
  });

  it('Spanish: "nuestro contacto común, Javier Soler"; a name sharing a word with the row’s town is still news', () => {
    expect(
      flagged('Nuestro contacto común, Javier Soler, me sugirió que le escribiera.', 'San Javier'),
    ).toEqual(['Javier Soler']);
  });
});

describe('acquaintanceClaimFindings: meetings', () => {
  it('English: a meeting at an occasion no source has; not an invitation to one', () => {
    expect(
      flagged('Great to meet you at the Northern Accountancy Expo last month.', 'accountancy firms'),
    ).toEqual(['Great to meet you at the Northern Accountancy Expo last month']);
    expect(flagged('It would be great to meet you at our stand.', 'Ada')).toEqual([]);
    expect(flagged('Great to meet you at the Leeds Expo.', 'notes: met at the Leeds Expo')).toEqual([]);
  });

  it('German: "schön, dass wir uns auf der bauma unterhalten konnten"; not "würde mich freuen"', () => {
    expect(
      flagged('schön, dass wir uns auf der bauma in München kurz unterhalten konnten.', 'Hartmann', true),
    ).toEqual(['schön, dass wir uns auf der bauma in München kurz unterhalten konnten']);
    expect(flagged('Ich würde mich freuen, wenn wir uns auf der IDS gesehen hätten.', 'Kühn', true)).toEqual(
      [],
    );
  });

  it('French: "suite à notre rencontre"; Spanish: "encantado de conocerle en", not "estaría encantada"', () => {
    expect(flagged('Suite à notre rencontre au salon, voici notre offre.', 'Claire')).toEqual([
      'Suite à notre rencontre au salon',
    ]);
    expect(flagged('Encantado de conocerle en la feria de Zaragoza.', 'Pilar')).toEqual([
      'Encantado de conocerle en la feria de Zaragoza',
    ]);
    expect(flagged('Estaría encantada de conocerle en persona.', 'Pilar')).toEqual([]);
  });
});
