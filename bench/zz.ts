import fs from 'node:fs';
import { httpClient } from '../test/support/http-client';
import { startBenchApp } from './bench-app';

const app = await startBenchApp((process.env.KIND as 'pglite') ?? 'pglite');
const api = httpClient(app.base);
await api.json('POST', '/api/auth/local', { email: 'b@localhost' });
const t = await api.json('POST', '/api/templates', {
  name: 'B',
  type: 'template',
  subjectTemplate: 'x',
  bodyTemplate: '<p>x</p>',
  variables: ['email', 'company', 'job_title'],
});
const c = await api.json('POST', '/api/campaigns', {
  name: 'B',
  templateId: t.id,
  columnMapping: { email: 'Email', company: 'Company', job_title: 'Job Title' },
});
const form = new FormData();
form.append('csvFile', await fs.openAsBlob('/tmp/tailor-bench-100000.csv'), 'b.csv');
const s = performance.now();
const r = await api.json('POST', `/api/campaigns/${c.id}/upload-csv`, form);
console.log(r.imported, Math.round(r.imported / ((performance.now() - s) / 1000)));
await app.close();
