ALTER TABLE "sender_settings" ADD COLUMN "profile" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sender_profile" jsonb;