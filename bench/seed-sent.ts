import crypto from 'node:crypto';
import pg from 'pg';

/**
 * `campaigns` sent campaigns × `perCampaign` recipients and emails made by one user, in the given
 * workspace (else the user's first, their own), spread over the last 30 days: 30 % opened by a
 * person (some more than once), 15 % only by an image proxy, 1 % unsubscribed. Each campaign's
 * rows go in with one unnest statement per table; the rollup triggers run as in production.
 * `analyze: false` leaves the planner's statistics to a caller that seeds many makers and
 * analyzes once at the end. Returns the campaign ids and every email's tracking token.
 */
export async function seedSentCampaigns(
  databaseUrl: string,
  userId: number,
  {
    campaigns: CAMPAIGNS,
    perCampaign: PER_CAMPAIGN,
    workspaceId = null,
    analyze = true,
  }: { campaigns: number; perCampaign: number; workspaceId?: number | null; analyze?: boolean },
): Promise<{ campaignIds: number[]; trackingTokens: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids: number[] = [];
    const trackingTokens: string[] = [];
    const day = 86_400_000;
    for (let c = 0; c < CAMPAIGNS; c++) {
      const {
        rows: [campaign],
      } = await client.query(
        `insert into campaigns (workspace_id, user_id, name, status, recipient_count, created_at)
         values (coalesce($5::int, (select m.workspace_id from memberships m where m.user_id = $1 order by m.created_at, m.workspace_id limit 1)),
                 $1, $2, 'completed', $3, now() - ($4 || ' hours')::interval) returning id`,
        [userId, `Campaign ${c + 1}`, PER_CAMPAIGN, CAMPAIGNS - c, workspaceId],
      );
      ids.push(campaign.id);
      const addresses = Array.from({ length: PER_CAMPAIGN }, (_, i) => `c${c}-r${i}@example.com`);
      const { rows: recipients } = await client.query(
        // Sent from the maker's default mailbox, so the figures per mailbox have their rows too.
        `insert into recipients (campaign_id, email, company, data, row_number, mailbox_id)
         select $1, e, 'Company ' || n, jsonb_build_object('email', e, 'first_name', 'Name' || n), n,
                (select m.id from mailboxes m where m.user_id = $3 and m.is_default)
         from unnest($2::text[]) with ordinality as t(e, n)
         returning id`,
        [campaign.id, addresses, userId],
      );
      const tokens = addresses.map(() => crypto.randomBytes(12).toString('base64url'));
      trackingTokens.push(...tokens);
      const sentAt = addresses.map(() => new Date(Date.now() - Math.random() * 30 * day));
      const opened = sentAt.map((at) => {
        const roll = Math.random();
        const openedAt = new Date(Math.min(Date.now(), at.getTime() + Math.random() * 2 * day + 3_600_000));
        return roll < 0.3 ? { human: openedAt } : roll < 0.45 ? { machine: openedAt } : {};
      });
      const { rows: emailRows } = await client.query(
        `insert into emails (workspace_id, user_id, campaign_id, recipient_id, subject, body, is_approved, status,
                             sent_at, tracking_token, opened_at, human_opened_at, message_id, transport)
         select (select workspace_id from campaigns where id = $2), $1, $2, r, 'Hello ' || n || ', a note about your work', '<p>Hi</p>', true, 'sent', s,
                tok, o, h, '<' || tok || '@bench>', 'smtp'
         from unnest($3::bigint[], $4::timestamptz[], $5::text[], $6::timestamptz[], $7::timestamptz[])
           with ordinality as t(r, s, tok, o, h, n)
         returning id`,
        [
          userId,
          campaign.id,
          recipients.map((r) => r.id),
          sentAt,
          tokens,
          opened.map((o) => o.human ?? o.machine ?? null),
          opened.map((o) => o.human ?? null),
        ],
      );
      const opens = emailRows.flatMap((e, i) => {
        const o = opened[i]!;
        if (o.human)
          return [
            { id: e.id, at: o.human, machine: false },
            { id: e.id, at: o.human, machine: false },
          ];
        if (o.machine) return [{ id: e.id, at: o.machine, machine: true }];
        return [];
      });
      await client.query(
        `insert into email_opens (email_id, user_id, campaign_id, opened_at, is_machine, user_agent)
         select e, $1, $2, a, m, 'bench' from unnest($3::bigint[], $4::timestamptz[], $5::boolean[]) as t(e, a, m)`,
        [userId, campaign.id, opens.map((o) => o.id), opens.map((o) => o.at), opens.map((o) => o.machine)],
      );
      const leaving = emailRows.filter((_, i) => i % 100 === 0);
      await client.query(
        `insert into unsubscribes (workspace_id, user_id, email, campaign_id, email_id)
         select (select workspace_id from campaigns where id = $3), $1, $2 || e, $3, e from unnest($4::bigint[]) as t(e)`,
        [userId, `c${c}-unsub-`, campaign.id, leaving.map((e) => e.id)],
      );
    }
    if (analyze) await client.query('analyze');
    return { campaignIds: ids, trackingTokens };
  } finally {
    await client.end();
  }
}
