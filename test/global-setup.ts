import type { TestProject } from 'vitest/node';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { adminQuery, databaseUrl, uniqueName } from './support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file clones (CREATE DATABASE … TEMPLATE), or null. */
    pgTemplate: { serverUrl: string; name: string } | null;
  }
}

/**
 * With TEST_DATABASE_URL set, every integration suite runs on PostgreSQL as well as PGlite.
 * This run gets its own migrated template database; files clone it and the run drops all of
 * them at the end, so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('pgTemplate', null);
    return;
  }
  const name = uniqueName('tailor_tpl');
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const config = loadConfig(
    { DATABASE_URL: databaseUrl(serverUrl, name), LOG_LEVEL: 'silent', SECRET_KEY: 'x'.repeat(32) },
    false,
  );
  const ctx = await createContext(config, 'web');
  await closeContext(ctx);
  project.provide('pgTemplate', { serverUrl, name });

  return async () => {
    const prefix = name.replace('tailor_tpl', 'tailor_t');
    const { rows } = await adminQuery(
      serverUrl,
      `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%' OR datname = '${name}'`,
    );
    for (const row of rows as { datname: string }[]) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
  };
}
