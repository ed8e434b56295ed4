CREATE TABLE "campaign_steps" (
	"campaign_id" integer NOT NULL,
	"step" integer NOT NULL,
	"delay_days" integer NOT NULL,
	"business_days" boolean DEFAULT false NOT NULL,
	"template_id" integer,
	CONSTRAINT "campaign_steps_campaign_id_step_pk" PRIMARY KEY("campaign_id","step")
);
--> statement-breakpoint
DROP INDEX "emails_recipient_uq";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_days" jsonb DEFAULT '[1,2,3,4,5]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_start_minute" integer DEFAULT 540 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_end_minute" integer DEFAULT 1020 NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_recipient_step_uq" ON "emails" USING btree ("recipient_id","step");--> statement-breakpoint
CREATE INDEX "emails_waiting_idx" ON "emails" USING btree ("recipient_id") WHERE "emails"."status" = 'waiting';--> statement-breakpoint
-- When a follow-up is due: `delay_days` after the step before it was sent (counting only Monday
-- to Friday when `business`), at the same local time, then moved to the first moment inside the
-- sending window (ISO weekdays `days`, minutes after local midnight from `start_minute` up to
-- `end_minute`), all in the recipient's zone `zone`. AT TIME ZONE resolves a local time that a
-- daylight-saving change skips or repeats.
CREATE OR REPLACE FUNCTION "follow_up_due"(sent timestamptz, delay_days integer, business boolean, zone text,
  days jsonb, start_minute integer, end_minute integer) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  local_day date := (sent AT TIME ZONE zone)::date;
  added integer := 0;
  due timestamptz;
BEGIN
  IF business THEN
    WHILE added < delay_days LOOP
      local_day := local_day + 1;
      IF extract(isodow FROM local_day) < 6 THEN added := added + 1; END IF;
    END LOOP;
  ELSE
    local_day := local_day + delay_days;
  END IF;
  due := (local_day + (sent AT TIME ZONE zone)::time) AT TIME ZONE zone;
  FOR i IN 0..7 LOOP
    IF days @> to_jsonb(extract(isodow FROM local_day)::integer)
       AND due < (local_day + make_interval(mins => end_minute)) AT TIME ZONE zone THEN
      RETURN greatest(due, (local_day + make_interval(mins => start_minute)) AT TIME ZONE zone);
    END IF;
    local_day := local_day + 1;
    due := (local_day + make_interval(mins => start_minute)) AT TIME ZONE zone;
  END LOOP;
  RETURN due;
END $$;
--> statement-breakpoint
-- Why a recipient's follow-up (step > 1) must not be sent, or null when it may: the recipient
-- replied (a person, not an auto-reply) or bounced for good on any step, the step before it was
-- not sent, or the address is on the sender's suppression list. Dates are in the sender's zone, as
-- the user reads them ("replied on 3 Dec").
CREATE OR REPLACE FUNCTION "follow_up_stop_reason"(recipient bigint, follow_up_step integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT 'Stopped: replied on ' || to_char(min(e.replied_at) AT TIME ZONE u.time_zone, 'FMDD Mon')
       FROM emails e JOIN users u ON u.id = e.user_id
      WHERE e.recipient_id = recipient AND e.replied_at IS NOT NULL
      GROUP BY u.time_zone),
    (SELECT 'Stopped: bounced on ' || to_char(min(e.bounced_at) AT TIME ZONE u.time_zone, 'FMDD Mon')
       FROM emails e JOIN users u ON u.id = e.user_id
      WHERE e.recipient_id = recipient AND e.bounce_kind = 'hard'
      GROUP BY u.time_zone),
    (SELECT 'Stopped: unsubscribed on ' || to_char(s.created_at AT TIME ZONE u.time_zone, 'FMDD Mon')
       FROM recipients r JOIN campaigns c ON c.id = r.campaign_id JOIN users u ON u.id = c.user_id
       JOIN unsubscribes s ON s.user_id = c.user_id AND lower(s.email) = lower(r.email)
      WHERE r.id = recipient),
    (SELECT 'Stopped: the email before it was not sent'
       FROM emails e
      WHERE e.recipient_id = recipient AND e.step = follow_up_step - 1
        AND e.status IN ('failed', 'unsubscribed', 'stopped')),
    (SELECT 'Stopped: the email before it was not sent'
      WHERE NOT EXISTS (SELECT 1 FROM emails e WHERE e.recipient_id = recipient AND e.step = follow_up_step - 1))
  );
$$;
--> statement-breakpoint
-- Schedules the follow-ups waiting for these sent emails (the step after each, for its recipient)
-- at their due time, in the recipient's zone (else the sender's) and the campaign's window, plus
-- a random gap of up to 20 minutes when that stays inside the window: follow-ups that fall due
-- together (a window's opening) leave spread out, not as one burst.
CREATE OR REPLACE FUNCTION "schedule_follow_ups"(recipient_ids bigint[], steps integer[], sent_ats timestamptz[])
RETURNS void LANGUAGE sql AS $$
  UPDATE emails n
  SET status = 'scheduled', updated_at = now(),
      scheduled_for = CASE
        WHEN follow_up_due(d.due + d.gap, 0, false, d.zone, d.days, d.start_minute, d.end_minute) = d.due + d.gap
        THEN d.due + d.gap ELSE d.due END
  FROM (
    SELECT s.recipient_id, s.step, coalesce(r.time_zone, u.time_zone) AS zone, c.send_days AS days,
           c.send_start_minute AS start_minute, c.send_end_minute AS end_minute,
           follow_up_due(s.sent_at, cs.delay_days, cs.business_days, coalesce(r.time_zone, u.time_zone),
                         c.send_days, c.send_start_minute, c.send_end_minute) AS due,
           make_interval(secs => floor(random() * 1200)) AS gap
    FROM unnest(recipient_ids, steps, sent_ats) AS s(recipient_id, step, sent_at)
    JOIN recipients r ON r.id = s.recipient_id
    JOIN campaigns c ON c.id = r.campaign_id
    JOIN users u ON u.id = c.user_id
    JOIN campaign_steps cs ON cs.campaign_id = c.id AND cs.step = s.step + 1
  ) d
  WHERE n.recipient_id = d.recipient_id AND n.step = d.step + 1 AND n.status = 'waiting';
$$;
--> statement-breakpoint
-- Every way an email reaches its end moves the sequence on, in the statement that put it there:
-- sent (by the send, a reconciliation or the user's "mark as sent") schedules the waiting
-- follow-up after it; failed, unsubscribed or stopped stops it (and so, in turn, the ones after).
CREATE OR REPLACE FUNCTION "emails_sequence_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for every UPDATE, even one of no rows (its own included): most
  -- statements end no email and return here.
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status <> o.status AND n.status IN ('sent', 'failed', 'unsubscribed', 'stopped')
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM schedule_follow_ups(array_agg(n.recipient_id), array_agg(n.step), array_agg(n.sent_at))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'sent' AND o.status <> 'sent'
  HAVING count(*) > 0;
  UPDATE emails f
  SET status = 'stopped', error_message = 'Stopped: the email before it was not sent',
      scheduled_for = NULL, updated_at = now()
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status IN ('failed', 'unsubscribed', 'stopped') AND o.status <> n.status
    AND f.recipient_id = n.recipient_id AND f.step = n.step + 1
    AND f.status IN ('draft', 'waiting', 'scheduled', 'queued');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "emails_sequence_update" AFTER UPDATE ON "emails"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "emails_sequence_after_update"();
