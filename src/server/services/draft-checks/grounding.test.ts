import { describe, expect, it } from 'vitest';
import { groundingFindings } from './grounding';
import { placesGiven } from './places';

/** What the AI was given, lower-cased, as checkDraft passes it. */
const SOURCES = [
  'Sara',
  'Solana Brands',
  'Sage Intacct',
  'sara@solanabrands.test',
  'Invite platform teams to ShipIt Summit, 14–15 May in Berlin. Sender settings: Felix, ShipIt Summit',
]
  .join('\n')
  .toLowerCase();

/** What the cheap check points at in a body (the subject left empty, or given). */
const flagged = (body: string, subject = '', sources = SOURCES) =>
  groundingFindings(subject, body, sources).map((f) => `${f.span?.field}:${f.span?.text}`);

describe('groundingFindings: numbers', () => {
  it('flags a claim-like number wherever it stands, with or without the recipient in the sentence', () => {
    expect(flagged('The market grew 40% last year.')).toEqual(['body:40%']);
    expect(flagged('Your revenue grew 40% last year.')).toEqual(['body:40%']);
  });

  it('flags a rating with a decimal, not a whole "5-star" nor a rating the sources give', () => {
    expect(flagged('Your 4.9-star rating on Google shows patients love you.')).toEqual(['body:4.9']);
    expect(flagged('Solana Brands is rated 4.8/5 by its customers.')).toEqual(['body:4.8']);
    expect(flagged('Your team deserves a 5-star experience.')).toEqual([]);
    expect(flagged('Your 4.9-star rating is great.', '', `${SOURCES}\nrating: 4.9`)).toEqual([]);
  });

  it('reads an amount\'s unit only as a unit of its own: "9. März" is a date, "€9 m" an amount', () => {
    expect(flagged('Passt Ihnen Montag, der 9. März, oder der 10. März?')).toEqual([]);
    expect(flagged('Sie haben 9 Mio. eingeworben, rund 9 m Euro.')).toEqual(['body:9 Mio', 'body:9 m Euro']);
    expect(flagged('You raised €9m last spring.')).toEqual(['body:€9m']);
  });
});

describe('groundingFindings: names only in a claim about the recipient', () => {
  it('flags a name in a sentence addressed to the recipient, not the same name as general context', () => {
    expect(flagged('Your move to NetSuite must have been a big project.')).toEqual(['body:NetSuite']);
    expect(flagged('Not every conference assumes Kubernetes. ShipIt Summit has talks on any stack.')).toEqual(
      [],
    );
    expect(flagged('Clients increasingly ask firms for Cyber Essentials certification.')).toEqual([]);
  });

  it('takes a given name\'s plural as the name ("your Sage Intaccts"), not a longer word', () => {
    expect(flagged('Your Sage Intaccts need the same care.')).toEqual([]);
    expect(flagged('Your Sagebrush rollout must have been a big project.')).toEqual(['body:Sagebrush']);
  });

  it('leaves alone a name whose only "you" is followed by a modal: a suggestion, not a claim', () => {
    expect(flagged('You might enjoy the GitOps track at ShipIt Summit.')).toEqual([]);
    expect(flagged('You ran the GitOps rollout at Solana Brands.')).toEqual(['body:GitOps']);
  });

  it('leaves alone a name whose only "you" is the one the offer is for', () => {
    expect(flagged('ShipIt Summit has a GitOps track for you.')).toEqual([]);
    expect(flagged('ShipIt Summit has heard you built a GitOps platform.')).toEqual(['body:GitOps']);
  });

  it('leaves alone a name in a supposition ("if your team…"), not in a statement', () => {
    expect(flagged('If your team runs Kubernetes, the Berlin talks will help.')).toEqual([]);
    expect(flagged('Since your team runs Kubernetes, the Berlin talks will help.')).toEqual([
      'body:Kubernetes',
    ]);
  });

  it('leaves alone a name framed as news the recipient has heard, not as a fact about them', () => {
    expect(flagged('As you know, the Law Society’s guidance on AI is out.')).toEqual([]);
    expect(flagged('You’ve probably seen the Cyber Essentials update.')).toEqual([]);
    expect(flagged('You’ve passed the Cyber Essentials audit.')).toEqual(['body:Cyber Essentials']);
  });

  it('flags a name in congratulations', () => {
    expect(flagged('Congratulations on the Hamburg Logistics Award for Solana Brands.')).toEqual([
      'body:Hamburg Logistics Award',
    ]);
    expect(flagged('Entries for the Hamburg Logistics Award close soon.')).toEqual([]);
  });

  it('flags a name that an event verb just before has as its object, not one that acts', () => {
    expect(flagged('Since Solana Brands moved to NetSuite last year, the AP team is busy.')).toEqual([
      'body:NetSuite',
    ]);
    expect(flagged('The Law Society announced guidance on AI last month.')).toEqual([]);
    expect(flagged('We launched an integration for teams whose books live in NetSuite.')).toEqual([]);
  });

  it('flags a name in a greeting that the row does not give, not a salutation that names no one', () => {
    expect(flagged('Hi Sarah,\nThe agenda is out.')).toEqual(['body:Sarah']);
    expect(flagged('Hi Sara,\nThe agenda is out.')).toEqual([]);
    expect(flagged('Dear Colleague,\nThe agenda is out.')).toEqual([]);
  });

  it('judges each sentence apart, a colon ending one: what follows it is a point of its own', () => {
    expect(flagged('ShipIt Summit has a whole track for your team: three talks on GitOps at scale.')).toEqual(
      [],
    );
    expect(flagged('A quick note: your move to NetSuite caught my eye.')).toEqual(['body:NetSuite']);
  });

  it('does not end a sentence at a title’s full stop ("Prof. Ruth Langley")', () => {
    expect(flagged('Your old tutor Prof. Ruth Langley sends her regards.')).toEqual(['body:Ruth Langley']);
  });

  it('flags a name in the subject too once the body makes a claim of it, and only then', () => {
    expect(
      flagged('I saw Solana Brands featured in Vogue last month.', 'Saw Solana Brands in Vogue'),
    ).toEqual(['subject:Vogue', 'body:Vogue']);
    expect(flagged('ShipIt Summit has talks on GitOps at scale.', 'GitOps at ShipIt Summit')).toEqual([]);
  });

  it('judges a place the table knows by what holds what: the county of the row’s town is no news', () => {
    const row = ['Hannah', 'Willow & Finch', 'Warwick'];
    const sources = [...row, 'we advise employers across the midlands'].join('\n').toLowerCase();
    const places = placesGiven(row, 'we advise employers across the midlands');
    const found = (body: string) => groundingFindings('', body, sources, places).map((f) => f.span?.text);
    expect(found('Your 130 staff across Warwickshire are a sizeable team.')).toEqual(['130']);
    expect(found('Your Nottingham team will need careful handling.')).toEqual(['Nottingham']);
  });
});

describe('groundingFindings: years only in a claim about the recipient', () => {
  const years = (body: string, claimNames: string[] = []) =>
    groundingFindings('', body, SOURCES, undefined, undefined, claimNames)
      .map((f) => f.span?.text)
      .filter((text) => /\d/.test(text ?? ''));

  it('leaves alone the year of a law, a market or a deadline, in the four languages', () => {
    expect(
      years(
        'Viele Mandanten tun sich schwer, gerade jetzt, wo die E-Rechnung seit Januar 2025 Pflicht wird.',
      ),
    ).toEqual([]);
    expect(years('À partir du 1er septembre 2026, la facturation électronique devient obligatoire.')).toEqual(
      [],
    );
    expect(years('Verifactu será obligatorio a partir de 2026 para las sociedades.')).toEqual([]);
    expect(years('From April 2026, your invoices must be sent digitally.')).toEqual([]);
    expect(years('Ab dem 1. Januar 2027 müssen Sie E-Rechnungen ausstellen.')).toEqual([]);
  });

  it('flags a year told to the recipient, of their company, or as the time of an event', () => {
    expect(years('Given how you steered Vandermeer through its 2021 IPO, you know the drill.')).toEqual([
      '2021',
    ]);
    expect(years('Como ya nos acompañaste en 2024, no quería que te enteraras por otros.')).toEqual(['2024']);
    expect(years('Seit 2015 führen Sie den Betrieb in zweiter Generation.')).toEqual(['2015']);
    expect(years('Depuis 2012, votre boutique attire les touristes.')).toEqual(['2012']);
    expect(years('Founded in 2015, Brook Dental has grown fast.', ['Brook Dental'])).toEqual(['2015']);
    expect(years('Seit 2009 beraten wir Handwerksbetriebe.')).toEqual(['2009']);
    expect(years('The Equality Act came into force in 2010.')).toEqual([]);
  });
});

describe('groundingFindings: laws and the bodies that apply them are general context', () => {
  it('leaves alone an act, a code, a tribunal or a regulator in a sentence about the recipient', () => {
    expect(flagged('Under the Employment Rights Act, you must give written reasons.')).toEqual([]);
    expect(flagged('Your managers will know the Working Time Regulations well.')).toEqual([]);
    expect(flagged('Your case could reach an Employment Tribunal; Acas conciliation comes first.')).toEqual(
      [],
    );
    expect(flagged('Ahead of your next Ofsted inspection, reading data helps.')).toEqual([]);
    expect(flagged('The Acas Code of Practice applies to your homes.')).toEqual([]);
    expect(flagged('Your Spring Term and your Black Friday rush are busy.')).toEqual([]);
  });

  it('still flags an award, a ranking or an employer that no source gives', () => {
    expect(flagged('Congratulations on your North East Legal Awards win.')).toEqual([
      'body:North East Legal Awards',
    ]);
    expect(flagged('Your move to Leeds City Council was a big step.')).toEqual(['body:Leeds City Council']);
  });
});
