import { describe, expect, it } from 'vitest';
import { newText, replySnippet } from './classify';

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
});
