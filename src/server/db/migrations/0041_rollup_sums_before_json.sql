-- As 0036, with the statement's changes summed per campaign, mailbox and moment before they go to
-- campaign_daily_stats_add as JSON. A settle of sends changes up to a hundred emails at the same
-- moment (its transaction's now()), so what was a hundred JSON objects built and read back is
-- mostly one; the figures added are the same sums.
CREATE OR REPLACE FUNCTION "emails_rollup_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'sent' AND step > 0)
     AND NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'sent' AND step > 0) THEN
    RETURN NULL;
  END IF;
  PERFORM "campaign_daily_stats_add"(coalesce(jsonb_agg(g), '[]'::jsonb)) FROM (
    SELECT campaign_id, user_id, mailbox_id, at, sum(sent) AS sent, sum(opened) AS opened,
           sum(human_opened) AS human_opened, sum(replied) AS replied, sum(bounced) AS bounced
    FROM (
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
    ) x
    GROUP BY campaign_id, user_id, mailbox_id, at
  ) g;
  RETURN NULL;
END $$;
