import Papa from 'papaparse';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { exportCampaigns, exportRecipientPage, exportUnsubscribePage } from '../queries/export';

const PAGE_SIZE = 2000;

const COLUMNS = [
  'record_type',
  'campaign_id',
  'campaign_name',
  'campaign_status',
  'campaign_created_at',
  'recipient_email',
  'company',
  'job_title',
  'recipient_data',
  'email_subject',
  'email_status',
  'approved',
  'scheduled_for',
  'sent_at',
  'opens',
  'first_opened_at',
  'unsubscribed_at',
  'reason',
  'bounce_diagnostic',
] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | number | boolean | null>>;

/**
 * Everything a workspace has, as one CSV: a row per campaign, per recipient (with its email and
 * opens), per unsubscribe and per hard bounce (the suppression list, record_type `unsubscribe` or
 * `bounce`, with its `reason`: `link`, `one-click`, `email request` or `bounced`, and a bounce's status code and
 * diagnostic), told apart by `record_type`. Streamed page by page so memory
 * stays flat however large the account; cells that a spreadsheet would run as formulas are
 * escaped (PapaParse's escapeFormulae).
 */
export async function* exportUserData(db: Db, workspaceId: WorkspaceId): AsyncGenerator<string> {
  yield `${Papa.unparse([COLUMNS as unknown as string[]])}\r\n`;
  const campaignRows = await exportCampaigns(db, workspaceId);
  yield csv(
    campaignRows.map((c) => ({
      record_type: 'campaign',
      campaign_id: c.id,
      campaign_name: c.name,
      campaign_status: c.status,
      campaign_created_at: c.createdAt.toISOString(),
    })),
  );
  for (let after = 0; ; ) {
    const page = await exportRecipientPage(db, workspaceId, after, PAGE_SIZE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    yield csv(
      page.map((r) => ({
        record_type: 'recipient',
        campaign_id: r.campaignId,
        campaign_name: r.campaignName,
        recipient_email: r.email,
        company: r.company,
        job_title: r.jobTitle,
        recipient_data: JSON.stringify(r.data),
        email_subject: r.subject,
        email_status: r.status,
        approved: r.isApproved,
        scheduled_for: r.scheduledFor?.toISOString() ?? null,
        sent_at: r.sentAt?.toISOString() ?? null,
        opens: r.opens,
        first_opened_at: r.firstOpenedAt ? new Date(r.firstOpenedAt).toISOString() : null,
      })),
    );
  }
  for (let after = 0; ; ) {
    const page = await exportUnsubscribePage(db, workspaceId, after, PAGE_SIZE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    yield csv(
      page.map((u) => ({
        record_type: u.reason === 'bounced' ? 'bounce' : 'unsubscribe',
        campaign_id: u.campaignId,
        recipient_email: u.email,
        unsubscribed_at: u.createdAt.toISOString(),
        reason: u.reason,
        bounce_diagnostic:
          [u.bounceStatus, u.bounceDiagnostic].filter((part) => part !== null && part !== '').join(' ') ||
          null,
      })),
    );
  }
}

function csv(rows: Row[]): string {
  if (rows.length === 0) return '';
  const cells = rows.map((row) => COLUMNS.map((col) => row[col] ?? ''));
  return `${Papa.unparse(cells, { escapeFormulae: true })}\r\n`;
}
