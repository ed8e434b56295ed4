CREATE TABLE "campaign_stats" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"human_opened" integer DEFAULT 0 NOT NULL,
	"unsubscribes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_stats_user_idx" ON "campaign_stats" USING btree ("user_id");--> statement-breakpoint
-- The email triggers' one place of work now also keeps each campaign's all-time totals.
CREATE OR REPLACE FUNCTION "campaign_daily_stats_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM jsonb_to_recordset(changes)
      AS c(campaign_id int, user_id int, at timestamptz, sent int, opened int, human_opened int)
  ), per_day AS (
    INSERT INTO "campaign_daily_stats" AS s (campaign_id, user_id, day, sent, opened, human_opened)
    SELECT c.campaign_id, c.user_id, (coalesce(c.at, now()) AT TIME ZONE u.time_zone)::date,
           sum(c.sent)::int, sum(c.opened)::int, sum(c.human_opened)::int
    FROM c JOIN "users" u ON u.id = c.user_id
    GROUP BY 1, 2, 3
    HAVING sum(c.sent) <> 0 OR sum(c.opened) <> 0 OR sum(c.human_opened) <> 0
    ON CONFLICT (campaign_id, day) DO UPDATE
      SET sent = s.sent + excluded.sent, opened = s.opened + excluded.opened,
          human_opened = s.human_opened + excluded.human_opened
  )
  INSERT INTO "campaign_stats" AS t (campaign_id, user_id, sent, opened, human_opened)
  SELECT campaign_id, user_id, sum(sent)::int, sum(opened)::int, sum(human_opened)::int
  FROM c
  GROUP BY 1, 2
  HAVING sum(sent) <> 0 OR sum(opened) <> 0 OR sum(human_opened) <> 0
  ON CONFLICT (campaign_id) DO UPDATE
    SET sent = t.sent + excluded.sent, opened = t.opened + excluded.opened,
        human_opened = t.human_opened + excluded.human_opened;
$$;--> statement-breakpoint
-- Unsubscribes are only ever added (or go with their user); each counts for the campaign it came from.
CREATE FUNCTION "unsubscribes_count_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_stats" AS t (campaign_id, user_id, unsubscribes)
  SELECT campaign_id, user_id, count(*)::int FROM new_rows WHERE campaign_id IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (campaign_id) DO UPDATE SET unsubscribes = t.unsubscribes + excluded.unsubscribes;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "unsubscribes_count_insert" AFTER INSERT ON "unsubscribes"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "unsubscribes_count_after_insert"();--> statement-breakpoint
-- Totals of everything so far.
INSERT INTO "campaign_stats" (campaign_id, user_id, sent, opened, human_opened, unsubscribes)
SELECT k.id, k.user_id, coalesce(d.sent, 0), coalesce(d.opened, 0), coalesce(d.human_opened, 0), coalesce(u.n, 0)
FROM "campaigns" k
LEFT JOIN (
  SELECT campaign_id, sum(sent)::int AS sent, sum(opened)::int AS opened, sum(human_opened)::int AS human_opened
  FROM "campaign_daily_stats" GROUP BY campaign_id
) d ON d.campaign_id = k.id
LEFT JOIN (SELECT campaign_id, count(*)::int AS n FROM "unsubscribes" GROUP BY campaign_id) u ON u.campaign_id = k.id
WHERE d.campaign_id IS NOT NULL OR u.campaign_id IS NOT NULL;
