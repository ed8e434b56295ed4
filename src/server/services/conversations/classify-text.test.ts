import { describe, expect, it } from 'vitest';
import { newText, replySnippet } from './reply-text';

describe('newText and replySnippet', () => {
  it('cuts at a German, French or Spanish attribution', () => {
    expect(
      newText('Danke!\n\nAm 30.11.2026 um 11:00 schrieb Alice Example <alice@example.com>:\n> Hallo'),
    ).toBe('Danke!');
    expect(
      newText(
        'Merci !\n\nLe lun. 30 nov. 2026 à 11:00, Alice Example <alice@example.com> a\u00a0écrit :\n> Bonjour',
      ),
    ).toBe('Merci !');
    expect(
      newText(
        '¡Gracias!\n\nEl lun, 30 nov 2026 a las 11:00, Alice Example (<alice@example.com>)\nescribió:\n> Hola',
      ),
    ).toBe('¡Gracias!');
  });

  it("cuts at Outlook's German header block and at an Original Message rule", () => {
    expect(
      newText('Gerne.\n\nVon: Alice <alice@example.com>\nGesendet: Montag, 30. November 2026\nAn: Karl'),
    ).toBe('Gerne.');
    expect(newText('Fine.\n-----Original Message-----\nFrom: Alice\nHi')).toBe('Fine.');
  });

  it('keeps new text interleaved between quoted lines and drops the signature', () => {
    expect(newText('> Are you free Tuesday?\nYes, 2pm.\n> And Wednesday?\nNo.\n-- \nBob\nACME')).toBe(
      'Yes, 2pm.\nNo.',
    );
  });

  it('does not mistake a sentence starting with "On" for an attribution', () => {
    expect(newText('On Monday we will decide.\nThanks')).toBe('On Monday we will decide.\nThanks');
  });

  it('cuts flattened previews at an inline attribution or header block', () => {
    expect(
      replySnippet('Sounds good! On Mon, Nov 30, 2026 at 10:00 AM Alice <alice@example.com> wrote: > Hi Bob'),
    ).toBe('Sounds good!');
    expect(
      replySnippet('Please call me. From: Alice Example <alice@example.com> Sent: Monday, November 30, 2026'),
    ).toBe('Please call me.');
  });

  it('removes control and bidirectional formatting characters and collapses whitespace', () => {
    expect(replySnippet('Hi\u0007 there,\t\u202Eevil\u202C\r\n\r\n  ok\u200B now')).toBe(
      'Hi there, evil ok now',
    );
  });

  it('keeps markup as text: the UI escapes it', () => {
    expect(replySnippet('<b>Yes</b> & <script>x</script>')).toBe('<b>Yes</b> & <script>x</script>');
  });

  it('caps the snippet at 200 characters without splitting a surrogate pair', () => {
    const long = replySnippet('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
    const emoji = replySnippet(`${'a'.repeat(198)}😀😀`);
    expect(emoji).toBe(`${'a'.repeat(198)}…`);
  });

  it('cuts at a Portuguese, Italian or Dutch attribution', () => {
    expect(
      newText(
        'Obrigada!\n\nEm seg., 30 de nov. de 2026 às 11:00, Alice Example <alice@example.com> escreveu:\n> Olá',
      ),
    ).toBe('Obrigada!');
    expect(
      newText(
        'Grazie!\n\nIl giorno lun 30 nov 2026 alle ore 11:00 Alice Example <alice@example.com> ha scritto:\n> Ciao',
      ),
    ).toBe('Grazie!');
    expect(
      newText('Dank je!\n\nOp ma 30 nov 2026 om 11:00 schreef Alice Example <alice@example.com>:\n> Hoi'),
    ).toBe('Dank je!');
  });

  it("cuts at Outlook's Dutch, Portuguese and Italian header blocks and their Original Message rules", () => {
    expect(
      newText(
        'Prima.\n\nVan: Alice Example <alice@example.com>\nVerzonden: maandag 30 november 2026 11:00\nAan: Pieter\nOnderwerp: Vraag',
      ),
    ).toBe('Prima.');
    expect(newText('Certo.\n\nDe: Alice <alice@example.com>\nEnviada: segunda-feira\nPara: Ana')).toBe(
      'Certo.',
    );
    expect(newText('Va bene.\n\nDa: Alice <alice@example.com>\nInviato: lunedì 30 novembre 2026')).toBe(
      'Va bene.',
    );
    expect(newText('Ok.\n-----Oorspronkelijk bericht-----\nVan: Alice')).toBe('Ok.');
  });

  it('cuts at a "… writes:" header without a date, so the snippet never keeps it', () => {
    expect(newText('Yes please.\n\nAlice Example <alice@example.com> writes:\n> Shall we talk?')).toBe(
      'Yes please.',
    );
    expect(newText('Yes please.\n\nAlice Example writes:\n\n> Shall we talk?')).toBe('Yes please.');
    expect(replySnippet('Yes please. Alice Example <alice@example.com> writes: > Shall we talk?')).toBe(
      'Yes please.',
    );
  });

  it.each([
    'Sent from my iPhone',
    'Von meinem iPhone gesendet',
    'Envoyé de mon iPhone',
    'Enviado desde mi iPhone',
    'Inviato da iPhone',
    'Verzonden met mijn iPhone',
    'Enviado do meu iPhone',
    'Get Outlook for iOS',
    'Get Outlook for Android<https://aka.ms/AAb9ysg>',
  ])('ends the new text at the footer "%s"', (footer) => {
    expect(
      newText(`Tuesday works.\n\n${footer}\n\nOn Mon, Nov 30, 2026 Alice <a@example.com> wrote:\n> Hi`),
    ).toBe('Tuesday works.');
    expect(replySnippet(`Tuesday works. ${footer}`)).toBe('Tuesday works.');
  });

  it("keeps the sign-off and name but not Outlook's signature block under them", () => {
    expect(
      replySnippet(
        'Hello Alice,\n\nTuesday works.\n\nKind regards,\nKarl\n\nKarl Weber | Head of Procurement\nWeber Logistik GmbH\nT +49 30 1234567\nThis email may contain confidential information.',
      ),
    ).toBe('Hello Alice, Tuesday works. Kind regards, Karl');
    expect(
      replySnippet('Bom dia,\n\nPode ser na terça.\n\nCumprimentos,\nAna Costa\nDiretora Comercial | Lisboa'),
    ).toBe('Bom dia, Pode ser na terça. Cumprimentos, Ana Costa');
  });
});
