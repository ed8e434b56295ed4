-- Mailboxes become things a person has. Until now the user id stood for "the mailbox": the daily
-- allowance (send_quota), the pacing turn (users.next_send_at), the "needs a new sign-in" flag
-- (users.mailbox_needs_reauth_at) and the sync cursor (mailbox_syncs, keyed google:<user id> or
-- microsoft:<user id>) all hung off it. Each moves to a mailbox row here, in one migration.
CREATE TABLE "mailboxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text,
	"display_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"daily_limit" integer,
	"signature" text,
	"needs_reauth_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"next_send_at" timestamp with time zone,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" text,
	"smtp_user" text,
	"smtp_password_enc" text,
	"imap_host" text,
	"imap_port" integer,
	"imap_security" text,
	"imap_user" text,
	"imap_password_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailboxes_user_idx" ON "mailboxes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_default_uq" ON "mailboxes" USING btree ("user_id") WHERE "mailboxes"."is_default";--> statement-breakpoint
CREATE TABLE "campaign_mailboxes" (
	"campaign_id" integer NOT NULL,
	"mailbox_id" integer NOT NULL,
	CONSTRAINT "campaign_mailboxes_campaign_id_mailbox_id_pk" PRIMARY KEY("campaign_id","mailbox_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_mailboxes" ADD CONSTRAINT "campaign_mailboxes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_mailboxes" ADD CONSTRAINT "campaign_mailboxes_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_mailboxes_mailbox_idx" ON "campaign_mailboxes" USING btree ("mailbox_id");--> statement-breakpoint
-- One mailbox per connected Gmail or Outlook account (the sync read each of them already), and a
-- `server` one (the deployment's SMTP_URL, or the outbox) for whoever signed in locally last. The
-- default is the latest sign-in's, which is what sent until now; the pause and pacing carry over.
INSERT INTO "mailboxes" ("user_id", "kind", "is_default", "needs_reauth_at", "next_send_at")
SELECT u.id, k.kind, k.kind = latest.kind,
       CASE WHEN k.kind = latest.kind THEN u.mailbox_needs_reauth_at END,
       CASE WHEN k.kind = latest.kind THEN u.next_send_at END
  FROM "users" u
  CROSS JOIN LATERAL (
    SELECT coalesce((SELECT CASE a.provider WHEN 'local' THEN 'server' ELSE a.provider END
                       FROM "oauth_accounts" a WHERE a.user_id = u.id
                      ORDER BY a.updated_at DESC LIMIT 1), 'server') AS kind
  ) latest
  CROSS JOIN LATERAL (
    SELECT DISTINCT a.provider AS kind FROM "oauth_accounts" a
     WHERE a.user_id = u.id AND a.provider IN ('google', 'microsoft')
    UNION
    SELECT latest.kind
  ) k
 ORDER BY u.id, k.kind;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "mailbox_id" integer;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipients_mailbox_idx" ON "recipients" USING btree ("mailbox_id") WHERE "recipients"."mailbox_id" is not null;--> statement-breakpoint
-- Today's and past allowances become the default mailbox's (the one that sent them).
ALTER TABLE "send_quota" ADD COLUMN "mailbox_id" integer;--> statement-breakpoint
UPDATE "send_quota" q SET "mailbox_id" = m.id
  FROM "mailboxes" m WHERE m.user_id = q.user_id AND m.is_default;--> statement-breakpoint
DELETE FROM "send_quota" WHERE "mailbox_id" IS NULL;--> statement-breakpoint
ALTER TABLE "send_quota" ALTER COLUMN "mailbox_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "send_quota" DROP CONSTRAINT "send_quota_user_id_day_pk";--> statement-breakpoint
ALTER TABLE "send_quota" ADD CONSTRAINT "send_quota_mailbox_id_day_pk" PRIMARY KEY("mailbox_id","day");--> statement-breakpoint
ALTER TABLE "send_quota" ADD CONSTRAINT "send_quota_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_quota" DROP CONSTRAINT "send_quota_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "send_quota" DROP COLUMN "user_id";--> statement-breakpoint
DROP FUNCTION "take_send_quota"(integer, date, boolean, integer, integer);--> statement-breakpoint
-- As in 0020, per mailbox: the row is locked for the read-and-add, so concurrent workers together
-- never pass the limit. Returns how many sends it granted.
CREATE FUNCTION "take_send_quota"(for_mailbox integer, for_day date, with_link boolean, day_limit integer, wanted integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  used integer;
  granted integer;
BEGIN
  INSERT INTO send_quota (mailbox_id, day) VALUES (for_mailbox, for_day) ON CONFLICT (mailbox_id, day) DO NOTHING;
  SELECT CASE WHEN with_link THEN q.sent_with_unsubscribe ELSE q.sent_without_unsubscribe END INTO used
    FROM send_quota q WHERE q.mailbox_id = for_mailbox AND q.day = for_day FOR UPDATE;
  granted := greatest(0, least(wanted, day_limit - coalesce(used, day_limit)));
  IF granted > 0 THEN
    UPDATE send_quota q
       SET sent_with_unsubscribe = q.sent_with_unsubscribe + CASE WHEN with_link THEN granted ELSE 0 END,
           sent_without_unsubscribe = q.sent_without_unsubscribe + CASE WHEN with_link THEN 0 ELSE granted END
     WHERE q.mailbox_id = for_mailbox AND q.day = for_day;
  END IF;
  RETURN granted;
END $$;
--> statement-breakpoint
-- Sync cursors follow their mailbox: google:<user id> becomes mailbox:<mailbox id>.
UPDATE "mailbox_syncs" s SET "key" = 'mailbox:' || m.id
  FROM "mailboxes" m
 WHERE s.key = m.kind || ':' || m.user_id AND m.kind IN ('google', 'microsoft');--> statement-breakpoint
DELETE FROM "mailbox_syncs" WHERE "key" LIKE 'google:%' OR "key" LIKE 'microsoft:%';--> statement-breakpoint
-- The record's `email.sent` line names the mailbox the email left from: the recipient's mailbox's
-- address, else (a mailbox that takes the person's own address) the maker's. Otherwise as 0026.
CREATE OR REPLACE FUNCTION "emails_audit_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_events (workspace_id, actor_id, actor_email, action, subject_type, subject_id, detail)
  SELECT n.workspace_id,
         CASE WHEN n.status = 'sent' THEN n.user_id END,
         CASE WHEN n.status = 'sent' THEN u.email END,
         CASE n.status WHEN 'sent' THEN 'email.sent' WHEN 'failed' THEN 'email.failed'
                       WHEN 'unknown' THEN 'email.delivery_unknown' ELSE 'email.stopped' END,
         'email', n.id,
         CASE WHEN n.status IN ('sent', 'unknown')
              THEN jsonb_build_object('mailbox', coalesce(m.address, mu.email, u.email),
                                      'messageId', n.message_id, 'transport', n.transport)
              ELSE jsonb_build_object('reason', n.error_message) END
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    LEFT JOIN users u ON u.id = n.user_id
    LEFT JOIN recipients r ON r.id = n.recipient_id AND n.status IN ('sent', 'unknown')
    LEFT JOIN mailboxes m ON m.id = r.mailbox_id
    LEFT JOIN users mu ON mu.id = m.user_id
   WHERE n.status <> o.status AND n.status IN ('sent', 'failed', 'unknown', 'unsubscribed', 'stopped');
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mailbox_needs_reauth_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "next_send_at";
