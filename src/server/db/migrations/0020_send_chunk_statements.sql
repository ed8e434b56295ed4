-- Fewer statements per send chunk: the embedded database runs one statement at a time, so each one
-- a chunk of 100 emails makes holds back every other chunk (and every request).
--
-- Taking the daily allowance for a chunk was a transaction of three statements (five with BEGIN
-- and COMMIT); it is now one call. Same locking: the row is locked for the read-and-add, so
-- concurrent workers together never pass the limit. Returns how many sends it granted.
CREATE OR REPLACE FUNCTION "take_send_quota"(for_user integer, for_day date, with_link boolean, day_limit integer, wanted integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  used integer;
  granted integer;
BEGIN
  INSERT INTO send_quota (user_id, day) VALUES (for_user, for_day) ON CONFLICT (user_id, day) DO NOTHING;
  SELECT CASE WHEN with_link THEN q.sent_with_unsubscribe ELSE q.sent_without_unsubscribe END INTO used
    FROM send_quota q WHERE q.user_id = for_user AND q.day = for_day FOR UPDATE;
  granted := greatest(0, least(wanted, day_limit - coalesce(used, day_limit)));
  IF granted > 0 THEN
    UPDATE send_quota q
       SET sent_with_unsubscribe = q.sent_with_unsubscribe + CASE WHEN with_link THEN granted ELSE 0 END,
           sent_without_unsubscribe = q.sent_without_unsubscribe + CASE WHEN with_link THEN 0 ELSE granted END
     WHERE q.user_id = for_user AND q.day = for_day;
  END IF;
  RETURN granted;
END $$;
--> statement-breakpoint
-- The analytics rollup counts only emails that are or were `sent` (every part of its sum reads
-- rows with that status), so an update that touches no such row has nothing to add. It returns
-- at once now instead of calling campaign_daily_stats_add with an empty list, which still cost a
-- planning of its two inserts: the send claim (queued to sending) is such an update, once per
-- chunk. Otherwise the same as 0011.
CREATE OR REPLACE FUNCTION "emails_rollup_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'sent')
     AND NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'sent') THEN
    RETURN NULL;
  END IF;
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(x), '[]'::jsonb)) FROM (
    SELECT campaign_id, user_id, sent_at AS at, 1 AS sent, 0 AS opened, 0 AS human_opened,
           0 AS replied, 0 AS bounced
      FROM new_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, 1, 0, 0, 0
      FROM new_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, 1, 0, 0
      FROM new_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, replied_at, 0, 0, 0, 1, 0
      FROM new_rows WHERE status = 'sent' AND replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, bounced_at, 0, 0, 0, 0, 1
      FROM new_rows WHERE status = 'sent' AND bounce_kind = 'hard'
    UNION ALL
    SELECT campaign_id, user_id, sent_at AS at, -1 AS sent, 0 AS opened, 0 AS human_opened,
           0 AS replied, 0 AS bounced
      FROM old_rows WHERE status = 'sent'
    UNION ALL SELECT campaign_id, user_id, opened_at, 0, -1, 0, 0, 0
      FROM old_rows WHERE status = 'sent' AND opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, human_opened_at, 0, 0, -1, 0, 0
      FROM old_rows WHERE status = 'sent' AND human_opened_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, replied_at, 0, 0, 0, -1, 0
      FROM old_rows WHERE status = 'sent' AND replied_at IS NOT NULL
    UNION ALL SELECT campaign_id, user_id, bounced_at, 0, 0, 0, 0, -1
      FROM old_rows WHERE status = 'sent' AND bounce_kind = 'hard'
  ) x;
  RETURN NULL;
END $$;
