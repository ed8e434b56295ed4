DROP INDEX "recipients_campaign_row_idx";--> statement-breakpoint
CREATE INDEX "recipients_campaign_id_idx" ON "recipients" USING btree ("campaign_id","id");