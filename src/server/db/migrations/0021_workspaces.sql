-- Teams: a workspace owns templates, campaigns, their emails and the suppression list; people
-- belong to workspaces with a role. Every existing user gets a personal workspace holding all of
-- their rows, in which they are the owner. The personal workspace takes its user's id, so each
-- row's workspace is its user_id and no join is needed to fill the new columns.
CREATE TABLE "workspaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workspaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"four_eyes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"workspace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "created_at", "updated_at") OVERRIDING SYSTEM VALUE
SELECT u.id,
       coalesce(nullif(btrim(s.company_name), ''), nullif(btrim(u.first_name), '') || '''s workspace', 'My workspace'),
       u.created_at, u.created_at
  FROM "users" u LEFT JOIN "sender_settings" s ON s.user_id = u.id;--> statement-breakpoint
SELECT setval('"workspaces_id_seq"', coalesce((SELECT max(id) FROM "workspaces"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "memberships" ("workspace_id", "user_id", "role", "created_at")
SELECT id, id, 'owner', created_at FROM "users";--> statement-breakpoint
DROP INDEX "campaigns_user_idx";--> statement-breakpoint
DROP INDEX "emails_user_status_idx";--> statement-breakpoint
DROP INDEX "templates_user_idx";--> statement-breakpoint
DROP INDEX "unsubscribes_user_email_uq";--> statement-breakpoint
DROP INDEX "emails_sent_page_idx";--> statement-breakpoint
DROP INDEX "emails_sent_subject_idx";--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
UPDATE "templates" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "templates" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
UPDATE "campaigns" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
UPDATE "unsubscribes" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "unsubscribes" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- Filling a column changes no figure and no sequence step: the emails' update triggers (analytics
-- rollup, follow-ups) would only read every row to find that out.
ALTER TABLE "emails" DISABLE TRIGGER "emails_rollup_update";--> statement-breakpoint
ALTER TABLE "emails" DISABLE TRIGGER "emails_sequence_update";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
UPDATE "emails" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ENABLE TRIGGER "emails_rollup_update";--> statement-breakpoint
ALTER TABLE "emails" ENABLE TRIGGER "emails_sequence_update";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_workspace_idx" ON "campaigns" USING btree ("workspace_id","archived_at","created_at");--> statement-breakpoint
CREATE INDEX "emails_workspace_status_idx" ON "emails" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "templates_workspace_idx" ON "templates" USING btree ("workspace_id","archived_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribes_workspace_email_uq" ON "unsubscribes" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE INDEX "emails_sent_page_idx" ON "emails" USING btree ("workspace_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "emails"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "emails_sent_subject_idx" ON "emails" USING btree ("workspace_id","subject","id") WHERE "emails"."status" = 'sent';
--> statement-breakpoint
-- A follow-up stops when its address is on the suppression list of the campaign's workspace (it
-- was the campaign owner's list). Otherwise the same as 0019.
CREATE OR REPLACE FUNCTION "follow_up_stop_reason"(recipient bigint, follow_up_step integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    'Stopped: replied on ' || to_char(f.replied AT TIME ZONE f.time_zone, 'FMDD Mon'),
    'Stopped: bounced on ' || to_char(f.bounced AT TIME ZONE f.time_zone, 'FMDD Mon'),
    (SELECT 'Stopped: left the company (notice of ' || to_char(min(m.received_at) AT TIME ZONE f.time_zone, 'FMDD Mon') || ')'
       FROM inbound_messages m
      WHERE m.email_id = ANY (f.ids) AND m.kind = 'left-company'),
    (SELECT 'Stopped: unsubscribed on ' || to_char(s.created_at AT TIME ZONE u.time_zone, 'FMDD Mon')
       FROM recipients r JOIN campaigns c ON c.id = r.campaign_id JOIN users u ON u.id = c.user_id
       JOIN unsubscribes s ON s.workspace_id = c.workspace_id AND lower(s.email) = lower(r.email)
      WHERE r.id = recipient),
    CASE WHEN f.previous_not_sent OR NOT f.has_previous THEN 'Stopped: the email before it was not sent' END
  )
  FROM (
    SELECT min(e.replied_at) AS replied,
           min(e.bounced_at) FILTER (WHERE e.bounce_kind = 'hard') AS bounced,
           array_agg(e.id) AS ids,
           coalesce(bool_or(e.step = follow_up_step - 1), false) AS has_previous,
           coalesce(bool_or(e.step = follow_up_step - 1 AND e.status IN ('failed', 'unsubscribed', 'stopped')), false)
             AS previous_not_sent,
           min(u.time_zone) AS time_zone
      FROM emails e JOIN users u ON u.id = e.user_id
     WHERE e.recipient_id = recipient
  ) f;
$$;
