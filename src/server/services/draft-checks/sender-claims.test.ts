import { describe, expect, it } from 'vitest';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import { neverClaimFindings } from './never-claims';
import { placesGiven } from './places';
import { senderCustomerFindings } from './sender-claims';

/** The customers a body gives the sender that the sources (the profile among them) do not name. */
const customers = (body: string, sources: string, nounsCapitalised = false, company?: string) =>
  senderCustomerFindings('', body, sources.toLowerCase(), placesGiven([], ''), nounsCapitalised, company).map(
    (f) => f.span?.text,
  );

describe('senderCustomerFindings', () => {
  it('English: customers the profile does not list; not the one it does, nor the recipient’s tools', () => {
    expect(
      customers('We already help manufacturers such as Alcester Castings and Brindley Foods.', 'Harcourt'),
    ).toEqual(['Alcester Castings', 'Brindley Foods']);
    expect(
      customers('Harbour Vets has run all 9 of its sites on Vetora since 2021.', 'Harbour Vets (9 sites)'),
    ).toEqual([]);
    expect(
      customers('Practices like Pennine Vets already run on Vetora.', 'Harbour Vets', false, 'Vetora'),
    ).toEqual(['Pennine Vets']);
    expect(customers('We know practices using systems such as RoboVet.', 'Harbour Vets')).toEqual([]);
    expect(customers('Exporters like Airbus have shown the way.', 'Lexiane')).toEqual([]);
  });

  it('French: "nous avons accompagné la Boulangerie Pétrin"; not a town', () => {
    expect(
      customers('Nous avons récemment accompagné la Boulangerie Pétrin à Villeurbanne.', 'Dufresne'),
    ).toEqual(['Boulangerie Pétrin']);
  });

  it('German: only a name with a legal form is surely a company', () => {
    expect(customers('Wir haben zuletzt die Krüger Bau GmbH begleitet.', 'Rahmenvertrag', true)).toEqual([]);
    expect(customers('Wir betreuen Kunden wie die Schmidt Dental GmbH.', 'Praxen', true)).toEqual([
      'Schmidt Dental GmbH',
    ]);
    expect(
      customers('Wir betreuen Kunden wie die Schmidt Dental GmbH.', 'Schmidt Dental GmbH', true),
    ).toEqual([]);
  });

  it('Spanish: "clientes como…" the profile does not list', () => {
    expect(customers('Trabajamos con clientes como Talleres Ebro.', 'Babel')).toEqual(['Talleres Ebro']);
    expect(customers('Trabajamos con clientes como Talleres Ebro.', 'Cliente: Talleres Ebro')).toEqual([]);
  });
});

const profile = (
  neverClaim: string[],
  more: Partial<SenderProfileForPrompt> = {},
): SenderProfileForPrompt => ({
  name: 'Priya Raman',
  company: 'Harcourt & Lyle LLP',
  whatWeDo: 'Employment-law firm advising employers on contracts, redundancies and tribunal claims.',
  offer: 'HR Advice Line for a fixed monthly fee, starting with a free one-hour review.',
  proofPoints: [],
  neverClaim,
  ...more,
});
const never = (body: string, p: SenderProfileForPrompt) =>
  neverClaimFindings('', body, p).map((f) => [f.severity, f.span?.text]);

describe('neverClaimFindings', () => {
  it('English: a guarantee told in other words is high; the business the profile names is not', () => {
    const p = profile([
      'that we guarantee the outcome of any tribunal claim',
      'that calls to the advice line are free',
    ]);
    expect(never('You can be confident that any tribunal claim will go your way.', p)).toEqual([
      ['high', 'You can be confident that any tribunal claim will go your way.'],
    ]);
    expect(never('We advise employers on contracts and tribunal claims.', p)).toEqual([]);
    // "Free" and the advice line are the profile's own words: this entry has nothing of its own.
    expect(never('Our HR Advice Line starts with a free one-hour review.', p)).toEqual([]);
  });

  it('English: a price claim needs its price word, not just the words around it', () => {
    const p = profile(['that we will be cheaper than their current provider']);
    expect(never('We will almost certainly come in cheaper than what you pay now.', p)).toHaveLength(1);
    expect(never('Your current provider may be slow.', p)).toEqual([]);
  });

  it('German: "jede Maschine innerhalb von 2 Stunden", not the offer’s "24 Stunden"', () => {
    const p = profile(['dass wir jede Maschine innerhalb von 2 Stunden liefern'], {
      company: 'MietPark',
      offer: 'Lieferung innerhalb von 24 Stunden und ein fester Ansprechpartner.',
      whatWeDo: 'Vermietung von Baumaschinen.',
    });
    expect(never('Deshalb liefern wir jede Maschine innerhalb von 2 Stunden.', p)).toHaveLength(1);
    expect(never('Wir liefern innerhalb von 24 Stunden.', p)).toEqual([]);
    expect(never('Da muss jede Maschine am Montag früh stehen.', p)).toEqual([]);
  });

  it('French and Spanish: "garantissons une baisse", "están garantizadas"; not "certains clients"', () => {
    const fr = profile(['que nous garantissons une baisse de loyer'], {
      company: 'Dufresne',
      whatWeDo: 'Baux commerciaux : négociation, révision de loyer.',
    });
    expect(never('Nous vous garantissons une baisse de loyer.', fr)).toHaveLength(1);
    expect(never('Certains clients ont obtenu une révision de loyer.', fr)).toEqual([]);
    const es = profile(['que las subvenciones están garantizadas'], {
      company: 'SolMar',
      offer: 'Gestión completa de las subvenciones.',
    });
    expect(never('Las subvenciones están garantizadas para su proyecto.', es)).toHaveLength(1);
    expect(never('Nos ocupamos de las subvenciones.', es)).toEqual([]);
  });

  it('a hedge or an idiom is no claim of an entry ("I’m confident…", "feel free"); an outright guarantee is', () => {
    const p = profile([
      'that we guarantee the outcome of any tribunal claim',
      'that calls to the advice line are free',
    ]);
    expect(never('I’m confident the review would pay for itself.', p)).toEqual([]);
    expect(never('Feel free to reply with any questions.', p)).toEqual([]);
    const lab = profile(['that our crowns last a lifetime or are guaranteed for life'], {
      company: 'Brightwater',
    });
    expect(never('As promised, here is a short note on how we could help with crowns.', lab)).toEqual([]);
    expect(never('Wie versprochen, hier ein kurzer Überblick zu unseren Kronen.', lab)).toEqual([]);
    expect(never('We promise our crowns will last a lifetime.', lab)).toHaveLength(1);
    expect(never('We guarantee you will win at tribunal.', p)).toHaveLength(1);
    const es = profile(['que la instalación sale gratis'], {
      company: 'SolMar',
      offer: 'Estudio de autoconsumo.',
    });
    expect(never('El estudio es gratis y sin compromiso.', es)).toEqual([]);
    expect(never('La instalación le sale gratis.', es)).toHaveLength(1);
    const de = profile(['dass wir günstiger sind als die bisherige Kanzlei'], { company: 'Vogel' });
    expect(never('Sicher sind wir günstiger als Ihre jetzige Kanzlei.', de)).toHaveLength(1);
    expect(never('Günstiger wird es mit weniger Belegen.', de)).toEqual([]);
  });

  it('a bound is broken by a larger number of its unit; "a specific figure" by any number of its subject', () => {
    const de = profile(['dass elektrische Bagger über 10 t im Mietpark sind'], {
      company: 'MietPark',
      proofPoints: ['Rund 40 % der Flotte elektrisch oder hybrid'],
    });
    expect(
      never('Rund 40 % unserer Flotte sind elektrisch – bis hin zu Elektro-Baggern mit 20 Tonnen.', de),
    ).toHaveLength(1);
    expect(never('Unsere Elektro-Bagger mit 8 Tonnen sind leise.', de)).toEqual([]);
    expect(never('Rund 40 % unserer Bagger sind elektrisch.', de)).toEqual([]);
    const es = profile(['un plazo de amortización concreto sin estudio previo'], {
      company: 'SolMar',
      offer: 'Estudio técnico gratuito con propuesta en 7 días.',
    });
    expect(never('La inversión se amortiza en menos de 4 años.', es)).toHaveLength(1);
    expect(never('Le enviamos la propuesta en 7 días.', es)).toEqual([]);
    const steuer = profile(['eine bestimmte Steuerersparnis oder Erstattung'], {
      company: 'Vogel',
      whatWeDo: 'Steuerberatung und Buchhaltung für Handwerksbetriebe.',
    });
    // A number beside a word the profile states itself is no figure of the forbidden kind.
    expect(never('Wir übernehmen die Steuerberatung für 300 Handwerksbetriebe.', steuer)).toEqual([]);
  });
});
