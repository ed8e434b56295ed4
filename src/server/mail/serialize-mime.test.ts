import fc from 'fast-check';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { serializeMime } from './serialize-mime';

/** Text that exercises the encoders: non-ASCII, long lines, trailing spaces, lone CR and LF. */
const awkwardText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(' ', '\t', '\n', '\r\n', '\r', '=', '.', 'é', '—', '€', '😀', 'x'.repeat(90)),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  ),
  maxLength: 60,
});

function composer(fields: { subject: string; html: string; text: string; attachment: string | null }) {
  return new MailComposer({
    from: { name: 'Sam Sender', address: 'sam@example.com' },
    to: 'ada@example.org',
    subject: fields.subject,
    messageId: '<fixed@tailor.example>',
    date: new Date('2026-01-02T03:04:05Z'),
    html: fields.html,
    text: fields.text,
    headers: { 'List-Unsubscribe': '<https://tailor.example/u/x>' },
    attachments:
      fields.attachment === null ? [] : [{ filename: 'a.bin', content: Buffer.from(fields.attachment) }],
  });
}

describe('serializeMime', () => {
  it('writes exactly the bytes MailComposer.build() writes, for any content', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          subject: awkwardText,
          html: awkwardText,
          text: awkwardText,
          attachment: fc.option(awkwardText),
        }),
        async (fields) => {
          const node = composer(fields).compile();
          const ours = serializeMime(node);
          const theirs = await node.build();
          expect(ours.toString('latin1')).toBe(theirs.toString('latin1'));
        },
      ),
      { numRuns: 300 },
    );
  });

  // A template's body may hold 100,000 characters: far past the 16 KB a stream buffers before it
  // waits for a reader, where the encoders used to stop and the send failed.
  it.each([20_000, 100_000, 400_000])('writes a %i-character body as build() does', async (size) => {
    const html = `<p>${'Grüße aus Köln, with a long line of text and some = signs. '.repeat(size / 60)}</p>`;
    const node = composer({ subject: 'Large', html, text: html, attachment: 'x'.repeat(size) }).compile();
    const ours = serializeMime(node);
    expect(ours.toString('latin1')).toBe((await node.build()).toString('latin1'));
    expect(ours.length).toBeGreaterThan(size * 2);
  });

  it('refuses a tree it would not write the way build() does', () => {
    const node = new MailComposer({ text: 'hi', newline: '\n' }).compile();
    expect(() => serializeMime(node)).toThrow(/newline/);
    const raw = new MailComposer({ raw: 'Subject: x\r\n\r\nbody' }).compile();
    expect(() => serializeMime(raw)).toThrow(/raw parts/);
  });
});
