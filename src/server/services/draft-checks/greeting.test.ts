import { describe, expect, it } from 'vitest';
import { emptyGreetingFindings } from './greeting';

/** The greetings found empty in a body (and a subject, if given). */
const empty = (body: string, subject = '') =>
  emptyGreetingFindings(subject, body).map((f) => [f.severity, f.span?.text]);

describe('emptyGreetingFindings', () => {
  it('English: "Hi ," and "Dear  ," are high, "Hi there," and "Dear Sam," are not', () => {
    expect(empty('Hi ,\nThe agenda is out.')).toEqual([['high', 'Hi ,']]);
    expect(empty('Dear  ,\nThe agenda is out.')).toEqual([['high', 'Dear  ,']]);
    expect(empty('Dear Mr ,\nThe agenda is out.')).toEqual([['high', 'Dear Mr ,']]);
    expect(empty('Dear Mr,\nThe agenda is out.')).toEqual([['high', 'Dear Mr,']]);
    expect(empty('Hi there,\nThe agenda is out.')).toEqual([]);
    expect(empty('Dear Sam,\nThe agenda is out.')).toEqual([]);
    expect(empty('Hello,\nThe agenda is out.')).toEqual([]);
  });

  it('German: "Hallo ," and "Sehr geehrter Herr ," are, "Sehr geehrte Damen und Herren," is not', () => {
    expect(empty('Hallo ,\nwie geht es?')).toEqual([['high', 'Hallo ,']]);
    expect(empty('Sehr geehrter Herr ,\nSie planen …')).toEqual([['high', 'Sehr geehrter Herr ,']]);
    expect(empty('Sehr geehrte Frau,\nSie planen …')).toEqual([['high', 'Sehr geehrte Frau,']]);
    expect(empty('Guten Tag Frau ,\nSie planen …')).toEqual([['high', 'Guten Tag Frau ,']]);
    expect(empty('Sehr geehrte Damen und Herren,\nwir sind …')).toEqual([]);
    expect(empty('Sehr geehrter Herr Huber,\nSie planen …')).toEqual([]);
  });

  it('French: "Bonjour ," and "Bonjour Madame ," are; "Bonjour Madame," and "Bonjour :" are not', () => {
    expect(empty('Bonjour ,\nVotre bail …')).toEqual([['high', 'Bonjour ,']]);
    expect(empty('Bonjour Madame ,\nVotre bail …')).toEqual([['high', 'Bonjour Madame ,']]);
    // French sets a space before a colon, and "Bonjour Madame," greets without a name on purpose.
    expect(empty('Bonjour :\nVotre bail …')).toEqual([]);
    expect(empty('Bonjour Madame,\nVotre bail …')).toEqual([]);
    expect(empty('Madame, Monsieur,\nNotre cabinet …')).toEqual([]);
  });

  it('Spanish: "Hola ," and "Estimado :" are; "Hola, Irene:" and "Estimado/a señor/a:" are not', () => {
    expect(empty('Hola ,\n¿Qué tal?')).toEqual([['high', 'Hola ,']]);
    expect(empty('Estimado :\nUn taller …')).toEqual([['high', 'Estimado :']]);
    expect(empty('Estimada señora :\nUn taller …')).toEqual([['high', 'Estimada señora :']]);
    expect(empty('Hola, Irene:\n¿Qué tal?')).toEqual([]);
    expect(empty('Estimado/a señor/a:\nSolMar …')).toEqual([]);
  });

  it('reads a subject too, and a greeting only where a line starts', () => {
    expect(empty('Text.', 'Hi , a question')).toEqual([['high', 'Hi ,']]);
    expect(empty('We said hi , then left.')).toEqual([]);
  });
});
