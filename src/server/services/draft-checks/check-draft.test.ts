import { describe, expect, it } from 'vitest';
import { checkDraft, type DraftToCheck, missingValuesOf } from './check-draft';

const ada: DraftToCheck = {
  subject: 'A question about Acme Robotics',
  body: '<p>Hi Ada,</p><p>I saw that Acme Robotics builds warehouse arms in Leeds. Would a 15-minute call next week suit you?</p><p>Best regards,<br>Sam</p>',
  recipientEmail: 'ada@acme.test',
  row: { first_name: 'Ada', company: 'Acme Robotics', city: 'Leeds' },
  missingValues: [],
  aiSources: 'write a short note about warehouse arms. sam, tailor ltd',
};

const kinds = (draft: DraftToCheck) => checkDraft(draft).map((f) => `${f.kind}:${f.span?.text ?? ''}`);

describe('checkDraft', () => {
  it('finds nothing in a grounded, personal draft', () => {
    expect(checkDraft(ada)).toEqual([]);
  });

  it('points at an invented funding round and an invented number, AI drafts only', () => {
    const invented = {
      ...ada,
      body: '<p>Hi Ada,</p><p>Congrats on the $12M Series B led by Sequoia last month, and on 40% growth!</p>',
    };
    expect(kinds(invented)).toEqual([
      'ungrounded:$12M',
      'ungrounded:Series B',
      'ungrounded:40%',
      'ungrounded:Sequoia',
    ]);
    expect(kinds({ ...invented, aiSources: null })).toEqual([]);
  });

  it('finds a draft that names nothing of its recipient', () => {
    expect(
      kinds({ ...ada, subject: 'Quick question', body: '<p>Hello there, would you like a demo?</p>' }),
    ).toEqual(['personalisation:']);
  });

  it('finds a subject in capitals and spam phrases, pointing at each', () => {
    const found = checkDraft({
      ...ada,
      subject: 'LAST CHANCE FOR ACME',
      body: `${ada.body}<p>Act now, it is risk-free.</p>`,
    });
    expect(found.map((f) => [f.kind, f.severity, f.span])).toEqual([
      ['deliverability', 'medium', { field: 'subject', text: 'LAST CHANCE FOR ACME' }],
      ['deliverability', 'medium', { field: 'body', text: 'Act now' }],
      ['deliverability', 'medium', { field: 'body', text: 'risk-free' }],
    ]);
  });

  it("finds placeholders, and a fixed template's missing values, as high severity", () => {
    const found = checkDraft({
      ...ada,
      aiSources: null,
      subject: 'Hi {{ first_name }}',
      body: '<p>Hi [First Name], I loved [insert recent post].</p><p>[Your Name]</p>',
      missingValues: missingValuesOf('No value for: company'),
    });
    expect(found.filter((f) => f.severity === 'high').map((f) => f.span?.text ?? f.reason)).toEqual([
      '{{ first_name }}',
      '[First Name]',
      '[insert recent post]',
      '[Your Name]',
      'The recipient has no value for "company", so the text around it may read wrong',
    ]);
  });

  it('finds placeholders in German, French and Spanish, not a bracketed word that is none', () => {
    const placeholders = (body: string) =>
      checkDraft({ ...ada, aiSources: null, subject: 'Hallo', body })
        .filter((f) => f.reason === 'A placeholder was left for someone to fill in')
        .map((f) => f.span?.text);
    expect(placeholders("<p>Pour l'équipe de [Clinique], à [Ville].</p>")).toEqual(['[Clinique]', '[Ville]']);
    expect(placeholders('<p>Sehr geehrte Damen und Herren der [Firma], Ihr [Vorname Nachname]</p>')).toEqual([
      '[Firma]',
      '[Vorname Nachname]',
    ]);
    expect(placeholders('<p>Estimado [Nombre], de [Nombre de la empresa]:</p>')).toEqual([
      '[Nombre]',
      '[Nombre de la empresa]',
    ]);
    expect(placeholders('<p>Our report [PDF, 2 pages] and the quote [sic] are attached.</p>')).toEqual([]);
  });

  it("notes an AI draft's missing value as low: the model wrote around it (issue #28)", () => {
    const found = checkDraft({ ...ada, missingValues: missingValuesOf('No value for: info') });
    expect(found.map((f) => [f.kind, f.severity, f.reason])).toEqual([
      ['deliverability', 'low', 'The recipient has no value for "info": the AI wrote this email without it'],
    ]);
    expect(checkDraft(ada)).toEqual([]);
  });

  it('finds a link that shows one site and leads to another, crowded links and a body too big for Gmail', () => {
    const links = Array.from({ length: 4 }, (_, i) => `<a href="https://acme.test/${i}">more</a>`).join(' ');
    const found = checkDraft({
      ...ada,
      body: `${ada.body}<p><a href="https://evil.test/login">www.acme.test</a> ${links}</p><!--${'x'.repeat(105 * 1024)}-->`,
    });
    expect(found.map((f) => f.reason)).toEqual([
      'The link shows acme.test but leads to evil.test, as phishing links do',
      'The email is 105 KB: Gmail clips it from 102 KB, hiding the rest and the unsubscribe link',
      '5 links in 30 words: links crowding the text look like a mass mailing',
    ]);
  });

  it('finds an empty body', () => {
    expect(checkDraft({ ...ada, body: '<p> </p>' }).map((f) => f.reason)).toContain(
      'The email has no text of its own: only the footer would be left',
    );
  });

  it("holds an AI draft to the sender's profile: a never-claim is high, an unlisted customer medium", () => {
    const found = checkDraft({
      ...ada,
      aiSources: `${ada.aiSources}\nsam, tailor ltd, warehouse arm maintenance`,
      senderProfile: {
        name: 'Sam',
        company: 'Tailor Ltd',
        whatWeDo: 'Warehouse arm maintenance',
        neverClaim: ['that we guarantee zero downtime'],
      },
      body: '<p>Hi Ada,</p><p>We can promise you zero downtime in Leeds. We already help firms such as Brindley Foods.</p>',
    });
    expect(found.map((f) => [f.kind, f.severity, f.span?.text])).toEqual([
      ['ungrounded', 'high', 'We can promise you zero downtime in Leeds.'],
      ['ungrounded', 'medium', 'Brindley Foods'],
    ]);
  });

  it('finds a greeting left without its name as high, however the draft was written', () => {
    const found = checkDraft({ ...ada, body: '<p>Hi ,</p><p>Acme Robotics builds arms in Leeds.</p>' });
    expect(found.map((f) => [f.kind, f.severity, f.span?.text])).toEqual([
      ['deliverability', 'high', 'Hi ,'],
    ]);
  });
});
