DROP INDEX "emails_recipient_step_uq";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "answers_inbound_id" bigint;--> statement-breakpoint
CREATE INDEX "emails_answers_inbound_idx" ON "emails" USING btree ("answers_inbound_id") WHERE "emails"."answers_inbound_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_recipient_step_uq" ON "emails" USING btree ("recipient_id","step") WHERE "emails"."step" > 0;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_answer_step_ck" CHECK (("emails"."step" = 0) = ("emails"."answers_inbound_id" is not null));
--> statement-breakpoint
-- An answer is deleted with the reply it answers (and so with that reply's email).
ALTER TABLE "emails" ADD CONSTRAINT "emails_answers_inbound_id_inbound_messages_id_fk" FOREIGN KEY ("answers_inbound_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As 0029, leaving answers (step 0) out: the campaign's and its mailboxes' figures count the
-- campaign's own emails. An answer still takes its place under the mailbox's daily limit (send_quota).
CREATE OR REPLACE FUNCTION "emails_rollup_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'sent' AND step > 0) THEN
    RETURN NULL;
  END IF;
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    WITH n AS (
      SELECT e.campaign_id, e.user_id, r.mailbox_id, e.sent_at, e.opened_at, e.human_opened_at,
             e.replied_at, e.bounced_at, e.bounce_kind
        FROM new_rows e LEFT JOIN "recipients" r ON r.id = e.recipient_id
       WHERE e.status = 'sent' AND e.step > 0
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
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'sent' AND step > 0)
     AND NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'sent' AND step > 0) THEN
    RETURN NULL;
  END IF;
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    WITH n AS (
      SELECT e.campaign_id, e.user_id, r.mailbox_id, e.sent_at, e.opened_at, e.human_opened_at,
             e.replied_at, e.bounced_at, e.bounce_kind
        FROM new_rows e LEFT JOIN "recipients" r ON r.id = e.recipient_id
       WHERE e.status = 'sent' AND e.step > 0
    ), o AS (
      SELECT e.campaign_id, e.user_id, r.mailbox_id, e.sent_at, e.opened_at, e.human_opened_at,
             e.replied_at, e.bounced_at, e.bounce_kind
        FROM old_rows e LEFT JOIN "recipients" r ON r.id = e.recipient_id
       WHERE e.status = 'sent' AND e.step > 0
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
--> statement-breakpoint
-- As 0013, for campaign steps only: an answer (step 0) that is sent, fails or is stopped moves no
-- sequence (step 1 is never "the step after" an answer).
CREATE OR REPLACE FUNCTION "emails_sequence_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for every UPDATE, even one of no rows (its own included): most
  -- statements end no email and return here.
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status <> o.status AND n.status IN ('sent', 'failed', 'unsubscribed', 'stopped') AND n.step > 0
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM schedule_follow_ups(array_agg(n.recipient_id), array_agg(n.step), array_agg(n.sent_at))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'sent' AND o.status <> 'sent' AND n.step > 0
  HAVING count(*) > 0;
  UPDATE emails f
  SET status = 'stopped', error_message = 'Stopped: the email before it was not sent',
      scheduled_for = NULL, updated_at = now()
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status IN ('failed', 'unsubscribed', 'stopped') AND o.status <> n.status AND n.step > 0
    AND f.recipient_id = n.recipient_id AND f.step = n.step + 1
    AND f.status IN ('draft', 'waiting', 'scheduled', 'queued');
  RETURN NULL;
END $$;
