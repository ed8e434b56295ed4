import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api';
import { uploadCsv } from './upload-csv';

/** Just enough of XMLHttpRequest to script one reply. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  body: FormData | null = null;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  reply(status: number, statusText: string, text: string) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }
}

const file = () => new File(['email\na@example.com\n'], 'people.csv', { type: 'text/csv' });
const request = () => {
  if (!FakeRequest.last) throw new Error('no request sent');
  return FakeRequest.last;
};

afterEach(() => {
  vi.unstubAllGlobals();
  FakeRequest.last = null;
});

describe('uploadCsv', () => {
  it('sends the file and mapping with credentials and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const pending = uploadCsv(9, file(), { email: 'email' }, (fraction) => progress.push(fraction));
    const sent = request();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/campaigns/9/upload-csv');
    expect(sent.withCredentials).toBe(true);
    expect(sent.body?.get('columnMapping')).toBe('{"email":"email"}');
    expect((sent.body?.get('csvFile') as File | undefined)?.name).toBe('people.csv');

    sent.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    sent.upload.onprogress?.({ lengthComputable: false, loaded: 60, total: 0 });
    const report = { imported: 1, skipped: 0, skippedRows: [], warnings: [], columns: ['email'] };
    sent.reply(200, 'OK', JSON.stringify(report));
    expect(await pending).toEqual(report);
    expect(progress).toEqual([0.25]);
  });

  it('fails like apiFetch: "<status>: <server message>"', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const pending = uploadCsv(9, file(), {});
    request().reply(422, 'Unprocessable Entity', JSON.stringify({ message: 'CSV file appears to be empty' }));
    const error = await pending.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('422: CSV file appears to be empty');
    expect((error as ApiError).status).toBe(422);
  });

  it('falls back to the status text and reports network errors', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const tooLarge = uploadCsv(9, file(), {});
    request().reply(413, 'Payload Too Large', '');
    await expect(tooLarge).rejects.toThrow('413: Payload Too Large');

    const offline = uploadCsv(9, file(), {});
    request().onerror?.();
    await expect(offline).rejects.toThrow('Network error while uploading the CSV file');
  });
});
