ALTER TABLE "campaigns" ADD COLUMN "check_claims_with_ai" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "claim_check_drafts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "claim_check_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "findings_dismissed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attention_rank" smallint GENERATED ALWAYS AS (case when findings_dismissed or is_approved or status not in ('draft', 'failed')
                    or findings is null or jsonb_array_length(findings) = 0 then 3
               when findings @> '[{"severity":"high"}]' then 0
               when findings @> '[{"severity":"medium"}]' then 1
               else 2 end) STORED;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "queue_rank" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "emails_unchecked_idx" ON "emails" USING btree ("campaign_id") WHERE "emails"."status" = 'draft' and "emails"."findings" is null;--> statement-breakpoint
CREATE INDEX "emails_review_queue_idx" ON "emails" USING btree ("campaign_id","queue_rank","recipient_id");--> statement-breakpoint
UPDATE "emails" SET "queue_rank" = case when findings @> '[{"severity":"high"}]' then 0
                                        when findings @> '[{"severity":"medium"}]' then 1
                                        else 2 end
 WHERE findings is not null and jsonb_array_length(findings) > 0;
