import type { httpClient } from './http-client';

type Api = Pick<ReturnType<typeof httpClient>, 'json'>;

/**
 * A template through the API: fixed text greeting `first_name`, or an AI prompt (written by the
 * fake AI server in tests). Both use the columns `email` and `first_name`.
 */
export async function createTemplateThroughApi(api: Api, kind: 'fixed' | 'ai'): Promise<{ id: number }> {
  const body =
    kind === 'fixed'
      ? {
          name: 'Fixed',
          type: 'template',
          subjectTemplate: 'Hi {{ first_name }}',
          bodyTemplate: '<p>Hello {{ first_name }}</p>',
        }
      : { name: 'AI', type: 'prompt', aiInstructions: 'Write a short note.' };
  return api.json('POST', '/api/templates', { ...body, variables: ['email', 'first_name'] });
}

/**
 * A campaign on `templateId` whose `count` recipients (`address(i)`, first name `Name<i>`) are
 * uploaded as a CSV through the API, as a user would. Fails unless every row was imported.
 */
export async function createCampaignThroughApi(
  api: Api,
  opts: {
    name: string;
    templateId: number;
    count: number;
    address: (i: number) => string;
    /** Follow-up steps after the first email. */
    steps?: { delayDays: number; businessDays: boolean; templateId: number }[];
  },
): Promise<number> {
  const campaign = await api.json('POST', '/api/campaigns', {
    name: opts.name,
    templateId: opts.templateId,
    columnMapping: { email: 'email', first_name: 'first_name' },
    ...(opts.steps && { steps: opts.steps }),
  });
  const rows = Array.from({ length: opts.count }, (_, i) => `${opts.address(i)},Name${i}`);
  const form = new FormData();
  form.append('csvFile', new Blob([`email,first_name\n${rows.join('\n')}\n`]), 'recipients.csv');
  const { imported } = await api.json('POST', `/api/campaigns/${campaign.id}/upload-csv`, form);
  if (imported !== opts.count) throw new Error(`imported ${imported} of ${opts.count} recipients`);
  return campaign.id;
}
