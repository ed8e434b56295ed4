-- The record's lines for an email's end: sent (from which mailbox, with which Message-ID), failed,
-- delivery unknown, or not sent and why (stopped, or its recipient unsubscribed). A statement
-- trigger writes them, so every path that ends an email (the send pipeline, reconciliation, a
-- reply stopping follow-ups, a removed member's mailbox held) records it in its own statement,
-- and none can forget to.
CREATE FUNCTION "emails_audit_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_events (workspace_id, actor_id, actor_email, action, subject_type, subject_id, detail)
  SELECT n.workspace_id,
         CASE WHEN n.status = 'sent' THEN n.user_id END,
         CASE WHEN n.status = 'sent' THEN u.email END,
         CASE n.status WHEN 'sent' THEN 'email.sent' WHEN 'failed' THEN 'email.failed'
                       WHEN 'unknown' THEN 'email.delivery_unknown' ELSE 'email.stopped' END,
         'email', n.id,
         CASE WHEN n.status IN ('sent', 'unknown')
              THEN jsonb_build_object('mailbox', u.email, 'messageId', n.message_id, 'transport', n.transport)
              ELSE jsonb_build_object('reason', n.error_message) END
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    LEFT JOIN users u ON u.id = n.user_id
   WHERE n.status <> o.status AND n.status IN ('sent', 'failed', 'unknown', 'unsubscribed', 'stopped');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "emails_audit_update" AFTER UPDATE ON "emails"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "emails_audit_after_update"();
