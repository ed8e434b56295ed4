CREATE TABLE "answer_bodies" (
	"inbound_message_id" bigint PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"kept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_category_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_category_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inbound_message_id" bigint NOT NULL,
	"from_category" text,
	"to_category" text,
	"source" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "mailbox_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "category_source" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "not_now_until" date;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "keep_answer_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_bodies" ADD CONSTRAINT "answer_bodies_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_category_changes" ADD CONSTRAINT "answer_category_changes_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_category_changes" ADD CONSTRAINT "answer_category_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_bodies_kept_idx" ON "answer_bodies" USING btree ("kept_at");--> statement-breakpoint
CREATE INDEX "answer_category_changes_message_idx" ON "answer_category_changes" USING btree ("inbound_message_id","changed_at");--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_inbox_idx" ON "inbound_messages" USING btree ("workspace_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_messages_unread_idx" ON "inbound_messages" USING btree ("workspace_id") WHERE read_at is null;--> statement-breakpoint
-- Answers recorded before the inbox: in the workspace of the email they answer (an emailed request
-- that quotes none, in the first workspace its mailbox's owner sends in), and read: they were
-- shown before, in each campaign's replies, and would otherwise all count as new at once.
UPDATE "inbound_messages" m
   SET "workspace_id" = coalesce(
         (SELECT e.workspace_id FROM emails e WHERE e.id = m.email_id),
         (SELECT min(s.workspace_id) FROM memberships s
           WHERE s.user_id = m.user_id AND s.role IN ('sender', 'owner'))),
       "read_at" = m.received_at;
--> statement-breakpoint
-- What the mailbox sync already knew of the answers recorded before categories: their kind says it.
UPDATE "inbound_messages"
   SET "category" = CASE "kind" WHEN 'bounce' THEN 'bounce' WHEN 'auto-reply' THEN 'out-of-office'
                                WHEN 'unsubscribe-request' THEN 'unsubscribe-request' ELSE 'wrong-person' END,
       "category_source" = 'rules'
 WHERE "kind" IN ('bounce', 'auto-reply', 'unsubscribe-request', 'left-company');
--> statement-breakpoint
-- A reply's and an automatic reply's events carry the category the rules gave them.
CREATE OR REPLACE FUNCTION "inbound_messages_webhook_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (workspace_id, type, data, occurred_at)
  SELECT e.workspace_id, t.type,
         webhook_email_facts(e.workspace_id, e.campaign_id, e.id, r.email, e.step) ||
         CASE WHEN n.kind = 'bounce'
              THEN jsonb_build_object('bounceKind', coalesce(n.bounce_kind, 'soft'), 'status', n.bounce_status)
              ELSE jsonb_build_object('replyId', n.id, 'category', n.category) END,
         n.received_at
    FROM new_messages n
    JOIN emails e ON e.id = n.email_id
    JOIN recipients r ON r.id = e.recipient_id
    CROSS JOIN LATERAL (SELECT CASE n.kind WHEN 'reply' THEN 'email.replied' WHEN 'auto-reply' THEN 'email.auto_replied'
                                           ELSE 'email.bounced' END AS type) t
   WHERE n.kind IN ('reply', 'auto-reply', 'bounce') AND webhook_wanted(e.workspace_id, t.type);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person (or the AI provider) changed an answer's category.
CREATE FUNCTION "answer_category_changes_webhook_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (workspace_id, type, data, occurred_at)
  SELECT e.workspace_id, 'answer.categorized',
         webhook_email_facts(e.workspace_id, e.campaign_id, e.id, r.email, e.step) ||
         jsonb_build_object('replyId', m.id, 'category', c.to_category, 'previousCategory', c.from_category,
                            'source', c.source),
         c.changed_at
    FROM new_changes c
    JOIN inbound_messages m ON m.id = c.inbound_message_id
    JOIN emails e ON e.id = m.email_id
    JOIN recipients r ON r.id = e.recipient_id
   WHERE webhook_wanted(e.workspace_id, 'answer.categorized');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "answer_category_changes_webhook_insert" AFTER INSERT ON "answer_category_changes"
  REFERENCING NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION "answer_category_changes_webhook_after_insert"();
