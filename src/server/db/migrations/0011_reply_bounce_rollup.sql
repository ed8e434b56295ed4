ALTER TABLE "campaign_daily_stats" ADD COLUMN "replied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" ADD COLUMN "bounced" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD COLUMN "replied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD COLUMN "bounced" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The rollups also count, per day they arrived, each sent email's first reply by a person and its
-- hard bounce (the address does not work; a soft bounce is only shown), with the same rule as
-- sends and opens: a row contributes only while it is sent, and every statement that changes
-- emails adds the new rows' contributions and takes away the old rows'.
CREATE OR REPLACE FUNCTION "campaign_daily_stats_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM jsonb_to_recordset(changes)
      AS c(campaign_id int, user_id int, at timestamptz, sent int, opened int, human_opened int,
           replied int, bounced int)
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
CREATE OR REPLACE FUNCTION "emails_rollup_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    SELECT campaign_id, user_id, sent_at AS at, 1 AS sent, 0 AS opened, 0 AS human_opened,
           0 AS replied, 0 AS bounced
      FROM new_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, 1, 0, 0, 0
      FROM new_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, 1, 0, 0
      FROM new_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, replied_at, 0, 0, 0, 1, 0
      FROM new_rows WHERE status = 'sent' AND replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, bounced_at, 0, 0, 0, 0, 1
      FROM new_rows WHERE status = 'sent' AND bounce_kind = 'hard'
  ) x;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "emails_rollup_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    SELECT campaign_id, user_id, sent_at AS at, 1 AS sent, 0 AS opened, 0 AS human_opened,
           0 AS replied, 0 AS bounced
      FROM new_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, 1, 0, 0, 0
      FROM new_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, 1, 0, 0
      FROM new_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, replied_at, 0, 0, 0, 1, 0
      FROM new_rows WHERE status = 'sent' AND replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, bounced_at, 0, 0, 0, 0, 1
      FROM new_rows WHERE status = 'sent' AND bounce_kind = 'hard'
    UNION ALL
    SELECT campaign_id, user_id, sent_at AS at, -1 AS sent, 0 AS opened, 0 AS human_opened,
           0 AS replied, 0 AS bounced
      FROM old_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, -1, 0, 0, 0
      FROM old_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, -1, 0, 0
      FROM old_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, replied_at, 0, 0, 0, -1, 0
      FROM old_rows WHERE status = 'sent' AND replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, bounced_at, 0, 0, 0, 0, -1
      FROM old_rows WHERE status = 'sent' AND bounce_kind = 'hard'
  ) x;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Replies and hard bounces recorded before this migration.
INSERT INTO "campaign_daily_stats" AS s (campaign_id, user_id, day, replied, bounced)
SELECT campaign_id, user_id, day, sum(replied)::int, sum(bounced)::int
FROM (
  SELECT e.campaign_id, e.user_id, (e.replied_at AT TIME ZONE u.time_zone)::date AS day, 1 AS replied, 0 AS bounced
    FROM "emails" e JOIN "users" u ON u.id = e.user_id WHERE e.status = 'sent' AND e.replied_at IS NOT NULL
  UNION ALL SELECT e.campaign_id, e.user_id, (e.bounced_at AT TIME ZONE u.time_zone)::date, 0, 1
    FROM "emails" e JOIN "users" u ON u.id = e.user_id WHERE e.status = 'sent' AND e.bounce_kind = 'hard'
) x
GROUP BY campaign_id, user_id, day
ON CONFLICT (campaign_id, day) DO UPDATE SET replied = excluded.replied, bounced = excluded.bounced;--> statement-breakpoint
UPDATE "campaign_stats" t SET replied = d.replied, bounced = d.bounced
FROM (
  SELECT campaign_id, sum(replied)::int AS replied, sum(bounced)::int AS bounced
  FROM "campaign_daily_stats" GROUP BY campaign_id
) d
WHERE d.campaign_id = t.campaign_id;
