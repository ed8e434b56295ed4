import crypto from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE can't run in a transaction). */
export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
