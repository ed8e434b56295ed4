-- Four-eyes approval: who wrote an email's text as it stands (generated it, or last edited it) and
-- who approved it, and who started a campaign's generation. Nullable, no default: no table is rewritten.
ALTER TABLE "campaigns" ADD COLUMN "generated_by" integer;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "written_by" integer;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "approved_by" integer;