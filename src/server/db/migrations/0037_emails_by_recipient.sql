DROP INDEX "emails_waiting_idx";--> statement-breakpoint
CREATE INDEX "emails_recipient_idx" ON "emails" USING btree ("recipient_id");