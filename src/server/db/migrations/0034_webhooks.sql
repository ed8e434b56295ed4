CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"message_id" text DEFAULT 'msg_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"in_flight" boolean DEFAULT false NOT NULL,
	"last_status" smallint,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_workspace_idx" ON "webhook_endpoints" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "webhook_events_workspace_idx" ON "webhook_events" USING btree ("workspace_id","id");--> statement-breakpoint
-- Webhook events are written by triggers, in the statement that makes the change they report: no
-- change commits without its event and no event without its change, whichever code path made it
-- (the send pipeline, reconciliation, the mailbox sync, the unsubscribe page, a person's stop).
-- An event is kept only while an enabled endpoint of its workspace wants its type, and each
-- such endpoint gets a delivery of it. With no endpoint anywhere, each trigger returns at once.
CREATE FUNCTION "webhook_wanted"(ws integer, event_type text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints p
                  WHERE p.workspace_id = ws AND p.enabled
                    AND (p.event_types = '{}' OR event_type = ANY (p.event_types)))
$$;
--> statement-breakpoint
CREATE FUNCTION "webhook_any_endpoint"() RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) $$;
--> statement-breakpoint
CREATE FUNCTION "webhook_events_fan_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (event_id, endpoint_id)
  SELECT e.id, p.id
    FROM new_events e
    JOIN webhook_endpoints p ON p.workspace_id = e.workspace_id AND p.enabled
     AND (p.event_types = '{}' OR e.type = ANY (p.event_types));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_events_fan_out" AFTER INSERT ON "webhook_events"
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_events_fan_out"();
--> statement-breakpoint
-- The facts every event about one email carries.
CREATE FUNCTION "webhook_email_facts"(ws integer, campaign integer, email bigint, address text, step integer)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('workspaceId', ws, 'campaignId', campaign, 'emailId', email,
                            'recipient', address, 'step', step)
$$;
--> statement-breakpoint
-- An email's end (sent, failed, delivery unknown), and the follow-ups a statement stopped, one
-- event per recipient.
CREATE FUNCTION "emails_webhook_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (workspace_id, type, data)
  SELECT n.workspace_id, t.type,
         webhook_email_facts(n.workspace_id, n.campaign_id, n.id, r.email, n.step) ||
         CASE WHEN n.status = 'sent'
              THEN jsonb_build_object('messageId', n.message_id, 'mailboxId', coalesce(r.mailbox_id,
                     (SELECT d.id FROM mailboxes d WHERE d.user_id = n.user_id AND d.is_default)))
              ELSE jsonb_build_object('reason', coalesce(n.error_message, '')) END
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN recipients r ON r.id = n.recipient_id
    CROSS JOIN LATERAL (SELECT CASE n.status WHEN 'sent' THEN 'email.sent' WHEN 'failed' THEN 'email.failed'
                                             ELSE 'email.delivery_unknown' END AS type) t
   WHERE n.status <> o.status AND n.status IN ('sent', 'failed', 'unknown')
     AND webhook_wanted(n.workspace_id, t.type);
  INSERT INTO webhook_events (workspace_id, type, data)
  SELECT s.workspace_id, 'sequence.stopped',
         jsonb_build_object('workspaceId', s.workspace_id, 'campaignId', s.campaign_id,
                            'recipientId', s.recipient_id, 'recipient', s.address, 'stepsStopped', s.steps,
                            'reason', CASE WHEN s.why LIKE 'Stopped: replied%' THEN 'replied'
                                           WHEN s.why LIKE 'Stopped: bounced%' THEN 'bounced'
                                           WHEN s.why LIKE 'Stopped: unsubscribed%' THEN 'unsubscribed'
                                           WHEN s.why LIKE 'Stopped: left the company%' THEN 'left-company'
                                           WHEN s.why LIKE 'Stopped: the email before%' THEN 'previous-not-sent'
                                           WHEN s.why LIKE 'Stopped by you%' THEN 'user'
                                           ELSE 'sender-removed' END)
    FROM (SELECT n.workspace_id, n.campaign_id, n.recipient_id, min(r.email) AS address,
                 count(*)::int AS steps, min(n.error_message) AS why
            FROM new_rows n
            JOIN old_rows o ON o.id = n.id
            JOIN recipients r ON r.id = n.recipient_id
           WHERE n.status = 'stopped' AND o.status <> 'stopped'
           GROUP BY n.workspace_id, n.campaign_id, n.recipient_id) s
   WHERE webhook_wanted(s.workspace_id, 'sequence.stopped');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "emails_webhook_update" AFTER UPDATE ON "emails"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "emails_webhook_after_update"();
--> statement-breakpoint
-- Every recorded open (the table caps them per email), by a person or a machine.
CREATE FUNCTION "email_opens_webhook_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (workspace_id, type, data, occurred_at)
  SELECT e.workspace_id, 'email.opened',
         webhook_email_facts(e.workspace_id, e.campaign_id, e.id, r.email, e.step) ||
         jsonb_build_object('openedBy', CASE WHEN n.is_machine THEN 'machine' ELSE 'person' END,
                            'firstOpen', NOT EXISTS (SELECT 1 FROM email_opens p WHERE p.email_id = n.email_id
                                                       AND p.is_machine = n.is_machine AND p.id < n.id)),
         n.opened_at
    FROM new_opens n
    JOIN emails e ON e.id = n.email_id
    JOIN recipients r ON r.id = e.recipient_id
   WHERE webhook_wanted(e.workspace_id, 'email.opened');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "email_opens_webhook_insert" AFTER INSERT ON "email_opens"
  REFERENCING NEW TABLE AS new_opens
  FOR EACH STATEMENT EXECUTE FUNCTION "email_opens_webhook_after_insert"();
--> statement-breakpoint
-- What the mailbox sync read about a sent email: a reply, an automatic reply, a bounce.
CREATE FUNCTION "inbound_messages_webhook_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (workspace_id, type, data, occurred_at)
  SELECT e.workspace_id, t.type,
         webhook_email_facts(e.workspace_id, e.campaign_id, e.id, r.email, e.step) ||
         CASE WHEN n.kind = 'bounce'
              THEN jsonb_build_object('bounceKind', coalesce(n.bounce_kind, 'soft'), 'status', n.bounce_status)
              ELSE jsonb_build_object('replyId', n.id) END,
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
CREATE TRIGGER "inbound_messages_webhook_insert" AFTER INSERT ON "inbound_messages"
  REFERENCING NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION "inbound_messages_webhook_after_insert"();
--> statement-breakpoint
-- An address joined the workspace's suppression list, and how.
CREATE FUNCTION "unsubscribes_webhook_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (workspace_id, type, data, occurred_at)
  SELECT n.workspace_id, 'recipient.unsubscribed',
         jsonb_build_object('workspaceId', n.workspace_id, 'campaignId', n.campaign_id, 'emailId', n.email_id,
                            'recipient', n.email,
                            'route', CASE n.reason WHEN 'email request' THEN 'email' WHEN 'bounced' THEN 'bounce'
                                                   ELSE n.reason END),
         n.created_at
    FROM new_unsubscribes n
   WHERE webhook_wanted(n.workspace_id, 'recipient.unsubscribed');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "unsubscribes_webhook_insert" AFTER INSERT ON "unsubscribes"
  REFERENCING NEW TABLE AS new_unsubscribes
  FOR EACH STATEMENT EXECUTE FUNCTION "unsubscribes_webhook_after_insert"();
--> statement-breakpoint
-- A campaign's generation finished (generating → anything else), or everything it will send has
-- gone: completed with no follow-up still waiting.
CREATE FUNCTION "campaigns_webhook_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_any_endpoint() THEN RETURN NULL; END IF;
  IF OLD.status = 'generating' AND webhook_wanted(NEW.workspace_id, 'campaign.generated') THEN
    INSERT INTO webhook_events (workspace_id, type, data)
    SELECT NEW.workspace_id, 'campaign.generated',
           jsonb_build_object('workspaceId', NEW.workspace_id, 'campaignId', NEW.id,
                              'generated', count(*) FILTER (WHERE e.status <> 'failed'),
                              'failed', count(*) FILTER (WHERE e.status = 'failed'))
      FROM emails e WHERE e.campaign_id = NEW.id;
  ELSIF NEW.status = 'completed'
        AND NOT EXISTS (SELECT 1 FROM emails w WHERE w.campaign_id = NEW.id AND w.status = 'waiting')
        AND webhook_wanted(NEW.workspace_id, 'campaign.completed') THEN
    INSERT INTO webhook_events (workspace_id, type, data)
    SELECT NEW.workspace_id, 'campaign.completed',
           jsonb_build_object('workspaceId', NEW.workspace_id, 'campaignId', NEW.id,
                              'sent', count(*) FILTER (WHERE e.status = 'sent'),
                              'failed', count(*) FILTER (WHERE e.status IN ('failed', 'unknown')),
                              'bounced', count(*) FILTER (WHERE e.status = 'sent' AND e.bounce_kind = 'hard'))
      FROM emails e WHERE e.campaign_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_webhook_update" AFTER UPDATE OF "status" ON "campaigns"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "campaigns_webhook_after_update"();
