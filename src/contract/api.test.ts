import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from './api';
import type { RouteDef } from './route';
import { urlOf } from './route';

/** Every entry of the table, named by its place in it. */
function entries(): [string, RouteDef][] {
  const found: [string, RouteDef][] = [];
  const walk = (node: object, name: string) => {
    if ('method' in node && 'path' in node) found.push([name, node as RouteDef]);
    else for (const [key, child] of Object.entries(node)) walk(child, name ? `${name}.${key}` : key);
  };
  walk(api, '');
  return found;
}

/** Source files under `dir`, tests and their shared fixtures (`*-fixtures.ts(x)`, `test-fixtures.ts`) left out. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/(\.test|[-/]fixtures|test-fixtures)\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('the API table', () => {
  it('names each method and path once', () => {
    const keys = entries().map(([, def]) => `${def.method} ${def.path}`);
    expect(keys.length).toBeGreaterThan(50);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares exactly the params each path has, and no body on a GET', () => {
    for (const [name, def] of entries()) {
      const inPath = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = def.params instanceof z.ZodObject ? Object.keys(def.params.shape).sort() : [];
      expect(declared, name).toEqual(inPath);
      if (def.method === 'GET') expect(def.body, name).toBeUndefined();
    }
  });

  it('fills params and leaves out absent query values', () => {
    expect(urlOf(api.campaigns.emails, { params: { id: 12 }, query: { limit: 5 } })).toBe(
      '/api/campaigns/12/emails?limit=5',
    );
    expect(urlOf(api.analytics.sentEmails, { query: { page: 2, campaignId: undefined } })).toBe(
      '/api/analytics/sent-emails?page=2',
    );
    expect(urlOf(api.auth.start, { params: { provider: 'outlook' } })).toBe('/api/auth/outlook');
  });

  // Paths are written once, in the table: the server registers from it and the client calls
  // through it, so a path written by hand elsewhere is one that can drift.
  it('is the only place where the client and the routes write an /api path', () => {
    const root = path.resolve(__dirname, '..');
    const files = [...sources(path.join(root, 'client')), ...sources(path.join(root, 'server/routes'))];
    const handWritten = files.filter((file) => /['"`]\/api\//.test(fs.readFileSync(file, 'utf8')));
    expect(handWritten.map((file) => path.relative(root, file))).toEqual([]);
  });
});
