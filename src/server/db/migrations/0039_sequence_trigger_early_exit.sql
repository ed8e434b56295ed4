-- As 0036, with one more reason to return at once: none of the emails the statement ended has an
-- email after it in its sequence (a campaign without follow-ups, the last step of one). Before, each
-- send chunk of such a campaign still went through schedule_follow_ups, an UPDATE planned afresh at
-- every call that found nothing to schedule. The test is one probe of the (recipient, step) index
-- per ended email, the very condition both statements below look for.
CREATE OR REPLACE FUNCTION "emails_sequence_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status <> o.status AND n.status IN ('sent', 'failed', 'unsubscribed', 'stopped') AND n.step > 0
      AND EXISTS (SELECT 1 FROM emails f WHERE f.recipient_id = n.recipient_id AND f.step = n.step + 1)
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
