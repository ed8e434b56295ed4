import { describe, expect, it } from 'vitest';
import { classify } from './classify-test-support';

describe('left the company', () => {
  const auto: [string, string][] = [['Auto-Submitted', 'auto-replied']];

  it.each([
    [
      'Thank you for your email. Tom Baker is no longer with Cedar Point. Please contact Dana Whitfield (dana.whitfield@cedarpoint.example) instead.',
      'Dana Whitfield',
      'dana.whitfield@cedarpoint.example',
    ],
    [
      'Herr Weber ist nicht mehr in unserem Unternehmen tätig. Bitte wenden Sie sich an Anna Schulz, anna.schulz@weber.example.',
      'Anna Schulz',
      'anna.schulz@weber.example',
    ],
    [
      'Julie Martin ne fait plus partie de la société. Merci de contacter Jean-Luc Dubois : jl.dubois@martin.example',
      'Jean-Luc Dubois',
      'jl.dubois@martin.example',
    ],
    [
      'Marta ya no trabaja en la empresa. Por favor, contacte con info@garcia.example.',
      null,
      'info@garcia.example',
    ],
    [
      "Luca Bianchi non lavora più presso l'azienda. Si prega di contattare Giulia Rossi.",
      'Giulia Rossi',
      null,
    ],
    [
      'Pieter de Vries is niet meer werkzaam bij ons. Neem contact op met Sanne Jansen via sanne@devries.example.',
      'Sanne Jansen',
      'sanne@devries.example',
    ],
    [
      'A Ana Costa já não trabalha na empresa. Por favor, entre em contato com Rui Sousa (rui.sousa@costa.example).',
      'Rui Sousa',
      'rui.sousa@costa.example',
    ],
    ['This person has left the company.', null, null],
  ])('takes the automatic notice "%s" as left the company, naming the colleague', (text, name, address) => {
    expect(classify({ headerList: auto, subject: 'Automatic reply: Quick question', text })).toEqual({
      kind: 'left-company',
      colleagueName: name,
      colleagueAddress: address,
    });
  });

  it('takes a short notice without auto-reply headers that names whom to write to as left the company', () => {
    expect(
      classify({ text: 'Bob no longer works here, please write to sales@example.org.\n\n> Hi Bob' }),
    ).toEqual({ kind: 'left-company', colleagueName: null, colleagueAddress: 'sales@example.org' });
  });

  it("keeps a person's longer reply that mentions leaving a reply, and an absence an absence", () => {
    expect(
      classify({
        text: "Hi Alice, I'm no longer with ACME - I moved to Brightline last month, and we are actually looking at exactly this. Could we talk on Tuesday at 2pm? I'd like to bring our head of operations, who owns the logistics budget and has been asking about regional carriers for a while. Best, Bob",
      }).kind,
    ).toBe('reply');
    expect(
      classify({
        headerList: auto,
        text: 'I am out of the office until 7 December. Please contact sales@example.org.',
      }).kind,
    ).toBe('auto-reply');
  });
});
