import { describe, expect, it } from 'vitest';
import { personalisationFindings } from './personalisation';

/** Whether a draft reads as sent to anyone, given the recipient's row. */
const generic = (text: string, row: string[], email = 'someone@example.test') =>
  personalisationFindings(text, row, email).length > 0;

describe('personalisationFindings', () => {
  it('finds a draft that names nothing of the row, and not one that names a value or part of one', () => {
    expect(generic('Hello, would you like a demo?', ['Ada', 'Acme Robotics'])).toBe(true);
    expect(generic('Hi Ada, would you like a demo?', ['Ada', 'Acme Robotics'])).toBe(false);
    expect(generic('A note for Royal Holloway', ['Royal Holloway, University of London'])).toBe(false);
  });

  it('counts a value written without its accents (Spanish, French)', () => {
    expect(generic('Hola Jose, ¿tiene un momento?', ['José', 'Calzados Brisa'])).toBe(false);
    expect(generic('Bonjour Helene, avez-vous un moment ?', ['Hélène'])).toBe(false);
    expect(generic('Hola, ¿tiene un momento?', ['José', 'Calzados Brisa'])).toBe(true);
  });

  it('counts a company named without its legal form (German, English)', () => {
    expect(generic('Guten Tag, für Kühn & Partner hätten wir ein Angebot.', ['Kühn & Partner GmbH'])).toBe(
      false,
    );
    expect(generic('A quick idea for Harcourt & Lyle.', ['Harcourt & Lyle LLP'])).toBe(false);
    expect(generic('Guten Tag, wir hätten ein Angebot.', ['Kühn & Partner GmbH'])).toBe(true);
  });

  it('counts a value of several words told in other words, not one long word shared by chance', () => {
    expect(generic('Da die Nachfolge bei Ihnen noch offen ist, …', ['Nachfolge noch offen'])).toBe(false);
    expect(
      generic('Your contracts and handbook deserve a review.', ['Harmonising contracts after a merger']),
    ).toBe(true);
  });
});
