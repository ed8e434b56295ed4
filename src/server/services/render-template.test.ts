import { describe, expect, it } from 'vitest';
import { compileTemplate, renderTemplate } from './render-template';

describe('renderTemplate', () => {
  it('fills variables and defaults', () => {
    const r = renderTemplate(
      'Hi {{ first_name | default: "there" }}',
      '<p>Dear {{ first_name }} at {{company}}</p>',
      {
        first_name: 'Ada',
        company: 'Analytical Engines',
      },
    );
    expect(r).toEqual({
      subject: 'Hi Ada',
      body: '<p>Dear Ada at Analytical Engines</p>',
      missingVariables: [],
    });
  });

  it('renders a CSV value full of HTML as text in the body, and leaves the plain-text subject alone', () => {
    const payload = '<img src=x onerror=alert(1)>';
    const r = renderTemplate('About {{ company }}', '<p>{{ company }}</p>', { company: payload });
    expect(r.body).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(r.body).not.toContain('<img');
    expect(r.subject).toBe(`About ${payload}`);
  });

  it('reports a variable named like a built-in property as missing instead of throwing', () => {
    const r = renderTemplate('{{ constructor }}', '<p>{{ toString }} {{ __proto__ }}</p>', {});
    expect(r).toEqual({
      subject: '',
      body: '<p> </p>',
      missingVariables: ['constructor', 'toString', '__proto__'],
    });
    expect(renderTemplate('{{ constructor }}', '<p></p>', { constructor: 'Ada' }).missingVariables).toEqual(
      [],
    );
  });

  it('reports variables that are missing or blank, except those with a default', () => {
    const r = renderTemplate(
      '{{ first_name | default: "friend" }}',
      '<p>{{ company }} {{ job_title }} {{ info }}</p>',
      {
        company: '  ',
        job_title: null,
        info: 'ok',
      },
    );
    expect(r.missingVariables).toEqual(['company', 'job_title']);
    expect(r.subject).toBe('friend');
  });

  it('strips dangerous markup from the template itself', () => {
    const r = renderTemplate('s', '<p onclick="x()">Hi<script>alert(1)</script></p>', {});
    expect(r.body).toBe('<p>Hi</p>');
  });

  it('sanitises each render when a value lands inside a tag', () => {
    const compiled = compileTemplate('s', '<p><a href="{{ url }}">site</a></p>');
    expect(compiled.render({ url: 'javascript:alert(1)' }).body).toBe(
      '<p><a rel="noopener noreferrer">site</a></p>',
    );
    expect(compiled.render({ url: 'https://ok.example' }).body).toBe(
      '<p><a href="https://ok.example" rel="noopener noreferrer">site</a></p>',
    );
  });

  it('lists the variables a template uses', () => {
    expect(compileTemplate('{{a}} {{ b | upcase }}', '<p>{{ c.d }} {{ a }}</p>').variables).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('refuses broken Liquid with a readable error', () => {
    expect(() => compileTemplate('{{ first_name', 'x')).toThrow(/^The subject template cannot be read/);
    expect(() => compileTemplate('x', '{% if %}')).toThrow(/^The body template cannot be read/);
    expect(() => compileTemplate('x', '{{ a | no_such_filter }}')).toThrow(/body template cannot be read/);
  });
});
