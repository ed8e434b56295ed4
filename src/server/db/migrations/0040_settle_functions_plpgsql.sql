-- The two SQL functions the settle of every send chunk runs through its triggers, as PL/pgSQL,
-- with the same statements. PostgreSQL plans a SQL function's statements afresh at every call;
-- PL/pgSQL keeps a statement's plan for the rest of the connection. Adding a chunk of 100 sends to
-- the figures took 4.3 ms at the median on the embedded database, 2.0 ms as PL/pgSQL.
CREATE OR REPLACE FUNCTION "campaign_daily_stats_add"(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT * FROM jsonb_to_recordset(changes)
      AS c(campaign_id int, user_id int, mailbox_id int, at timestamptz, sent int, opened int,
           human_opened int, replied int, bounced int)
  ), per_day AS (
    INSERT INTO "campaign_daily_stats" AS s
      (campaign_id, user_id, day, sent, opened, human_opened, replied, bounced)
    SELECT c.campaign_id, c.user_id, (coalesce(c.at, now()) AT TIME ZONE u.time_zone)::date,
           sum(c.sent)::int, sum(c.opened)::int, sum(c.human_opened)::int,
           sum(c.replied)::int, sum(c.bounced)::int
    FROM c JOIN "users" u ON u.id = c.user_id
    GROUP BY 1, 2, 3
    HAVING sum(c.sent) <> 0 OR sum(c.opened) <> 0 OR sum(c.human_opened) <> 0
        OR sum(c.replied) <> 0 OR sum(c.bounced) <> 0
    ON CONFLICT (campaign_id, day) DO UPDATE
      SET sent = s.sent + excluded.sent, opened = s.opened + excluded.opened,
          human_opened = s.human_opened + excluded.human_opened,
          replied = s.replied + excluded.replied, bounced = s.bounced + excluded.bounced
  ), per_mailbox AS (
    INSERT INTO "campaign_mailbox_stats" AS m (campaign_id, mailbox_id, sent, replied, bounced)
    SELECT campaign_id, mailbox_id, sum(sent)::int, sum(replied)::int, sum(bounced)::int
    FROM c WHERE mailbox_id IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(sent) <> 0 OR sum(replied) <> 0 OR sum(bounced) <> 0
    ON CONFLICT (campaign_id, mailbox_id) DO UPDATE
      SET sent = m.sent + excluded.sent, replied = m.replied + excluded.replied,
          bounced = m.bounced + excluded.bounced
  )
  INSERT INTO "campaign_stats" AS t (campaign_id, user_id, sent, opened, human_opened, replied, bounced)
  SELECT campaign_id, user_id, sum(sent)::int, sum(opened)::int, sum(human_opened)::int,
         sum(replied)::int, sum(bounced)::int
  FROM c
  GROUP BY 1, 2
  HAVING sum(sent) <> 0 OR sum(opened) <> 0 OR sum(human_opened) <> 0
      OR sum(replied) <> 0 OR sum(bounced) <> 0
  ON CONFLICT (campaign_id) DO UPDATE
    SET sent = t.sent + excluded.sent, opened = t.opened + excluded.opened,
        human_opened = t.human_opened + excluded.human_opened,
        replied = t.replied + excluded.replied, bounced = t.bounced + excluded.bounced;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "schedule_follow_ups"(recipient_ids bigint[], steps integer[], sent_ats timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
END $$;
