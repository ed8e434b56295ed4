ALTER TABLE "inbound_messages" ADD COLUMN "colleague_name" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "colleague_address" text;--> statement-breakpoint
-- A "no longer with the company" notice stops the recipient's follow-ups like a reply does.
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
    (SELECT 'Stopped: left the company (notice of ' || to_char(min(m.received_at) AT TIME ZONE u.time_zone, 'FMDD Mon') || ')'
       FROM inbound_messages m JOIN emails e ON e.id = m.email_id JOIN users u ON u.id = e.user_id
      WHERE e.recipient_id = recipient AND m.kind = 'left-company'
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
