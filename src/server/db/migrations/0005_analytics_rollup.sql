CREATE TABLE "campaign_daily_stats" (
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"human_opened" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_stats_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "human_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" ADD CONSTRAINT "campaign_daily_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" ADD CONSTRAINT "campaign_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_daily_stats_user_day_idx" ON "campaign_daily_stats" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "emails_sent_page_idx" ON "emails" USING btree ("user_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "emails"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "emails_campaign_sent_page_idx" ON "emails" USING btree ("campaign_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "emails"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "emails_sent_subject_idx" ON "emails" USING btree ("user_id","subject","id") WHERE "emails"."status" = 'sent';--> statement-breakpoint
-- Unique opens: the first open of any kind and the first by a person, from the opens recorded so far.
UPDATE "emails" e SET "opened_at" = o.first_any, "human_opened_at" = o.first_human
FROM (
  SELECT email_id, min(opened_at) AS first_any, min(opened_at) FILTER (WHERE NOT is_machine) AS first_human
  FROM "email_opens" GROUP BY email_id
) o
WHERE o.email_id = e.id;--> statement-breakpoint
-- What one email row contributes to campaign_daily_stats: a send on its sent day, and its unique
-- opens on the days they happened, all only while it is sent. The triggers below add the new
-- rows' contributions and take away the old rows', so every insert and every change of status or
-- opens (any statement, whichever code runs it) keeps the rollup exact. Emails are only deleted
-- with their campaign or user, whose rollup rows go with them (cascade), so no delete trigger.
CREATE FUNCTION "campaign_daily_stats_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "campaign_daily_stats" AS s (campaign_id, user_id, day, sent, opened, human_opened)
  SELECT c.campaign_id, c.user_id, (coalesce(c.at, now()) AT TIME ZONE u.time_zone)::date,
         sum(c.sent)::int, sum(c.opened)::int, sum(c.human_opened)::int
  FROM jsonb_to_recordset(changes)
    AS c(campaign_id int, user_id int, at timestamptz, sent int, opened int, human_opened int)
  JOIN "users" u ON u.id = c.user_id
  GROUP BY 1, 2, 3
  HAVING sum(c.sent) <> 0 OR sum(c.opened) <> 0 OR sum(c.human_opened) <> 0
  ON CONFLICT (campaign_id, day) DO UPDATE
    SET sent = s.sent + excluded.sent, opened = s.opened + excluded.opened,
        human_opened = s.human_opened + excluded.human_opened;
$$;--> statement-breakpoint
CREATE FUNCTION "emails_rollup_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    SELECT campaign_id, user_id, sent_at AS at, 1 AS sent, 0 AS opened, 0 AS human_opened
      FROM new_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, 1, 0
      FROM new_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, 1
      FROM new_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
  ) x;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "emails_rollup_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    SELECT campaign_id, user_id, sent_at AS at, 1 AS sent, 0 AS opened, 0 AS human_opened
      FROM new_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, 1, 0
      FROM new_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, 1
      FROM new_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, sent_at, -1, 0, 0
      FROM old_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, -1, 0
      FROM old_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, -1
      FROM old_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
  ) x;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "emails_rollup_insert" AFTER INSERT ON "emails"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "emails_rollup_after_insert"();--> statement-breakpoint
CREATE TRIGGER "emails_rollup_update" AFTER UPDATE ON "emails"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "emails_rollup_after_update"();--> statement-breakpoint
-- The rollup of everything sent and opened before this migration.
INSERT INTO "campaign_daily_stats" (campaign_id, user_id, day, sent, opened, human_opened)
SELECT campaign_id, user_id, day, sum(sent)::int, sum(opened)::int, sum(human_opened)::int
FROM (
  SELECT e.campaign_id, e.user_id, (coalesce(e.sent_at, now()) AT TIME ZONE u.time_zone)::date AS day, 1 AS sent, 0 AS opened, 0 AS human_opened
    FROM "emails" e JOIN "users" u ON u.id = e.user_id WHERE e.status = 'sent'
  UNION ALL SELECT e.campaign_id, e.user_id, (e.opened_at AT TIME ZONE u.time_zone)::date, 0, 1, 0
    FROM "emails" e JOIN "users" u ON u.id = e.user_id WHERE e.status = 'sent' AND e.opened_at IS NOT NULL
  UNION ALL SELECT e.campaign_id, e.user_id, (e.human_opened_at AT TIME ZONE u.time_zone)::date, 0, 0, 1
    FROM "emails" e JOIN "users" u ON u.id = e.user_id WHERE e.status = 'sent' AND e.human_opened_at IS NOT NULL
) x
GROUP BY campaign_id, user_id, day;
