CREATE TABLE "campaign_mailbox_stats" (
	"campaign_id" integer NOT NULL,
	"mailbox_id" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_mailbox_stats_campaign_id_mailbox_id_pk" PRIMARY KEY("campaign_id","mailbox_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_mailbox_stats" ADD CONSTRAINT "campaign_mailbox_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_mailbox_stats" ADD CONSTRAINT "campaign_mailbox_stats_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_mailbox_stats_mailbox_idx" ON "campaign_mailbox_stats" USING btree ("mailbox_id");--> statement-breakpoint
-- Sends, first replies and hard bounces also per mailbox (the recipient's, which every step of a
-- sequence keeps). Emails sent before mailboxes existed left from their maker's default mailbox
-- (0028 made the mailbox that sent until then the default): their recipients are given it now, so
-- their figures count there and their follow-ups stay in the same thread.
UPDATE "recipients" r SET "mailbox_id" = m.id
  FROM "campaigns" c, "mailboxes" m
 WHERE r.mailbox_id IS NULL AND c.id = r.campaign_id AND m.user_id = c.user_id AND m.is_default
   AND EXISTS (SELECT 1 FROM "emails" e WHERE e.recipient_id = r.id AND e.status = 'sent');--> statement-breakpoint
INSERT INTO "campaign_mailbox_stats" (campaign_id, mailbox_id, sent, replied, bounced)
SELECT e.campaign_id, r.mailbox_id, count(*)::int,
       (count(*) FILTER (WHERE e.replied_at IS NOT NULL))::int,
       (count(*) FILTER (WHERE e.bounce_kind = 'hard'))::int
  FROM "emails" e JOIN "recipients" r ON r.id = e.recipient_id
 WHERE e.status = 'sent' AND r.mailbox_id IS NOT NULL
 GROUP BY 1, 2;--> statement-breakpoint
-- As 0011, and each change also names its mailbox (null: none given yet, which a sent email
-- always has): the per-mailbox rows add sends, replies and bounces (opens stay per campaign).
CREATE OR REPLACE FUNCTION "campaign_daily_stats_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM jsonb_to_recordset(changes)
      AS c(campaign_id int, user_id int, mailbox_id int, at timestamptz, sent int, opened int,
           human_opened int, replied int, bounced int)
  ), per_day AS (
    INSERT INTO "campaign_daily_stats" AS s
      (campaign_id, user_id, day, sent, opened, human_opened, replied, bounced)
    SELECT c.campaign_id, c.user_id, (coalesce(c.at, now()) AT TIME ZONE u.time_zone)::date,
           sum(c.sent)::int, sum(c.opened)::int, sum(c.human_opened)::int,
           sum(c.replied)::int, sum(c.bounced)::int
    FROM c JOIN "users" u ON u.id = c.user_id
    GROUP BY 1, 2, 3
    HAVING sum(c.sent) <> 0 OR sum(c.opened) <> 0 OR sum(c.human_opened) <> 0
        OR sum(c.replied) <> 0 OR sum(c.bounced) <> 0
    ON CONFLICT (campaign_id, day) DO UPDATE
      SET sent = s.sent + excluded.sent, opened = s.opened + excluded.opened,
          human_opened = s.human_opened + excluded.human_opened,
          replied = s.replied + excluded.replied, bounced = s.bounced + excluded.bounced
  ), per_mailbox AS (
    INSERT INTO "campaign_mailbox_stats" AS m (campaign_id, mailbox_id, sent, replied, bounced)
    SELECT campaign_id, mailbox_id, sum(sent)::int, sum(replied)::int, sum(bounced)::int
    FROM c WHERE mailbox_id IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(sent) <> 0 OR sum(replied) <> 0 OR sum(bounced) <> 0
    ON CONFLICT (campaign_id, mailbox_id) DO UPDATE
      SET sent = m.sent + excluded.sent, replied = m.replied + excluded.replied,
          bounced = m.bounced + excluded.bounced
  )
  INSERT INTO "campaign_stats" AS t (campaign_id, user_id, sent, opened, human_opened, replied, bounced)
  SELECT campaign_id, user_id, sum(sent)::int, sum(opened)::int, sum(human_opened)::int,
         sum(replied)::int, sum(bounced)::int
  FROM c
  GROUP BY 1, 2
  HAVING sum(sent) <> 0 OR sum(opened) <> 0 OR sum(human_opened) <> 0
      OR sum(replied) <> 0 OR sum(bounced) <> 0
  ON CONFLICT (campaign_id) DO UPDATE
    SET sent = t.sent + excluded.sent, opened = t.opened + excluded.opened,
        human_opened = t.human_opened + excluded.human_opened,
        replied = t.replied + excluded.replied, bounced = t.bounced + excluded.bounced;
$$;--> statement-breakpoint
-- The rows' contributions as in 0011 and 0020, each with its recipient's mailbox: one join on the
-- recipients' primary key per sent row of the statement.
CREATE OR REPLACE FUNCTION "emails_rollup_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'sent') THEN
    RETURN NULL;
  END IF;
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    WITH n AS (
      SELECT e.campaign_id, e.user_id, r.mailbox_id, e.sent_at, e.opened_at, e.human_opened_at,
             e.replied_at, e.bounced_at, e.bounce_kind
        FROM new_rows e LEFT JOIN "recipients" r ON r.id = e.recipient_id
       WHERE e.status = 'sent'
    )
    SELECT campaign_id, user_id, mailbox_id, sent_at AS at, 1 AS sent, 0 AS opened,
           0 AS human_opened, 0 AS replied, 0 AS bounced FROM n
    UNION ALL SELECT campaign_id, user_id, mailbox_id, opened_at, 0, 1, 0, 0, 0
      FROM n WHERE opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, human_opened_at, 0, 0, 1, 0, 0
      FROM n WHERE human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, replied_at, 0, 0, 0, 1, 0
      FROM n WHERE replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, bounced_at, 0, 0, 0, 0, 1
      FROM n WHERE bounce_kind = 'hard'
  ) x;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "emails_rollup_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'sent')
     AND NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'sent') THEN
    RETURN NULL;
  END IF;
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    WITH n AS (
      SELECT e.campaign_id, e.user_id, r.mailbox_id, e.sent_at, e.opened_at, e.human_opened_at,
             e.replied_at, e.bounced_at, e.bounce_kind
        FROM new_rows e LEFT JOIN "recipients" r ON r.id = e.recipient_id
       WHERE e.status = 'sent'
    ), o AS (
      SELECT e.campaign_id, e.user_id, r.mailbox_id, e.sent_at, e.opened_at, e.human_opened_at,
             e.replied_at, e.bounced_at, e.bounce_kind
        FROM old_rows e LEFT JOIN "recipients" r ON r.id = e.recipient_id
       WHERE e.status = 'sent'
    )
    SELECT campaign_id, user_id, mailbox_id, sent_at AS at, 1 AS sent, 0 AS opened,
           0 AS human_opened, 0 AS replied, 0 AS bounced FROM n
    UNION ALL SELECT campaign_id, user_id, mailbox_id, opened_at, 0, 1, 0, 0, 0
      FROM n WHERE opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, human_opened_at, 0, 0, 1, 0, 0
      FROM n WHERE human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, replied_at, 0, 0, 0, 1, 0
      FROM n WHERE replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, bounced_at, 0, 0, 0, 0, 1
      FROM n WHERE bounce_kind = 'hard'
    UNION ALL
    SELECT campaign_id, user_id, mailbox_id, sent_at AS at, -1 AS sent, 0 AS opened,
           0 AS human_opened, 0 AS replied, 0 AS bounced FROM o
    UNION ALL SELECT campaign_id, user_id, mailbox_id, opened_at, 0, -1, 0, 0, 0
      FROM o WHERE opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, human_opened_at, 0, 0, -1, 0, 0
      FROM o WHERE human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, replied_at, 0, 0, 0, -1, 0
      FROM o WHERE replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, mailbox_id, bounced_at, 0, 0, 0, 0, -1
      FROM o WHERE bounce_kind = 'hard'
  ) x;
  RETURN NULL;
END $$;
