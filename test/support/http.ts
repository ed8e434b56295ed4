import type { TestApp } from './test-app';

/** Base URL of a TestApp started with `listen: true`. */
export function baseUrl(t: TestApp) {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Uploads CSV text (or bytes) to a campaign like the browser does. */
export async function uploadCsv(
  t: TestApp,
  cookie: string,
  campaignId: number,
  content: string | Uint8Array,
  columnMapping?: Record<string, string>,
  filename = 'recipients.csv',
) {
  const form = new FormData();
  if (columnMapping) form.append('columnMapping', JSON.stringify(columnMapping));
  form.append('csvFile', new Blob([content as BlobPart], { type: 'text/csv' }), filename);
  const res = await fetch(`${baseUrl(t)}/api/campaigns/${campaignId}/upload-csv`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** Reads a whole SSE response into its events. */
export async function readSse(res: Response) {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return {
        event: eventLine!.slice('event: '.length),
        data: JSON.parse(dataLine!.slice('data: '.length)),
      };
    });
}
