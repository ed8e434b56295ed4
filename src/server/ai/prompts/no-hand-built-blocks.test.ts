import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BLOCK_NAMES } from './data-block';

const SERVER = path.resolve(import.meta.dirname, '../..');
const HELPER = path.join(SERVER, 'ai/prompts/data-block.ts');

/**
 * HTML the server writes itself (pages, messages) has the same shape as a prompt block; its
 * element names are told apart from block names. A block name wins: `template` is both.
 */
const HTML_ELEMENTS = new Set(
  (
    'a abbr address article aside b blockquote body br button caption code col colgroup dd del details ' +
    'div dl dt em fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html i img ' +
    'input label legend li link main meta nav ol option p pre s section select small span strong ' +
    'style sub summary sup table tbody td textarea tfoot th thead title tr u ul'
  ).split(' '),
);
const BLOCKS = new Set<string>(BLOCK_NAMES);

/**
 * A tag on its own ahead of a line break, of an interpolation (the end of a template's head or
 * middle part) or of the end of a string being concatenated: how a prompt block is built by hand.
 * A regular expression's named group or back-reference (`(?<place>`, `\k<place>`) is no tag.
 */
const TAG_AT_A_SEAM = /(?<!\(\?|\\k)<\s*\/?\s*([a-z_][\w-]*)(?:\s[^<>]*)?>(?=\n|$)/gi;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    const wanted = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && file !== HELPER;
    return wanted ? [file] : [];
  });
}

/** `file:line: <tag>` for each string or template part of `text` that opens or closes a block by hand. */
function handBuiltBlocks(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const match of node.text.matchAll(TAG_AT_A_SEAM)) {
        const name = match[1]!.toLowerCase();
        if (!BLOCKS.has(name) && HTML_ELEMENTS.has(name)) continue;
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${path.relative(SERVER, file)}:${line}: ${match[0]}`);
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('prompt blocks', () => {
  it('are built by dataBlock alone: no string in src/server opens or closes one by hand', () => {
    const found = sourceFiles(SERVER).flatMap((file) => handBuiltBlocks(file, fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds the hand-built shapes, and leaves the HTML the server writes and prose that names a block', () => {
    const code = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, for the scan to read
      'const a = `<recipient_data>\\n${json}\\n</recipient_data>`;',
      "const b = '<draft>\\n' + text + '\\n</draft>';",
      'const c = `< /Sender >\\n`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, for the scan to read
      'const d = `<template>${t}`;',
      'const g = \'<Instructions lang="en">\\n\';',
      "const h = 'From: Bob <bob@example.org>\\n';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, for the scan to read
      'const e = `<p>${escapeHtml(name)}</p>\\n<head>\\n`;',
      "const f = 'The details come inside <recipient_data> as JSON.';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, for the scan to read
      'const r = new RegExp(`(?<place>${NAME})`);',
      '// <instructions>\\n in a comment',
    ].join('\n');
    expect(handBuiltBlocks(path.join(SERVER, 'x.ts'), code)).toEqual([
      'x.ts:1: <recipient_data>',
      'x.ts:1: </recipient_data>',
      'x.ts:2: <draft>',
      'x.ts:2: </draft>',
      'x.ts:3: < /Sender >',
      'x.ts:4: <template>',
      'x.ts:5: <Instructions lang="en">',
    ]);
  });
});
