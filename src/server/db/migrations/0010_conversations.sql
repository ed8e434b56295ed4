CREATE TABLE "inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email_id" bigint,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"bounce_kind" text,
	"bounce_status" text,
	"bounce_diagnostic" text,
	"from_address" text,
	"from_name" text,
	"subject" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"link" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_syncs" (
	"key" text PRIMARY KEY NOT NULL,
	"cursor" jsonb,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "bounce_kind" text;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD COLUMN "reason" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_source_uq" ON "inbound_messages" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "inbound_messages_email_idx" ON "inbound_messages" USING btree ("email_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_message_id_idx" ON "emails" USING btree ("message_id") WHERE "emails"."message_id" is not null;--> statement-breakpoint
-- A bounced address is suppressed like an unsubscribe, but it is not an unsubscribe: the campaign's count leaves it out.
CREATE OR REPLACE FUNCTION "unsubscribes_count_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_stats" AS t (campaign_id, user_id, unsubscribes)
  SELECT campaign_id, user_id, count(*)::int FROM new_rows
  WHERE campaign_id IS NOT NULL AND reason <> 'bounced'
  GROUP BY 1, 2
  ON CONFLICT (campaign_id) DO UPDATE SET unsubscribes = t.unsubscribes + excluded.unsubscribes;
  RETURN NULL;
END $$;
