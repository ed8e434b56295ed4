-- The company a workspace sends for (name, postal address, the footer's reason, the sender profile)
-- moves from each person's settings to the workspace's: several people send for one company. Each
-- workspace takes the company settings of its first owner, which is, for every workspace migration
-- 0021 made, the person whose settings its campaigns were sent with; name, address and signature
-- stay the person's own.
CREATE TABLE "workspace_settings" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"company_name" text,
	"street_address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"phone_number" text,
	"recipient_reason" text,
	"profile" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD CONSTRAINT "workspace_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "workspace_settings" ("workspace_id", "company_name", "street_address", "city", "state", "zip_code", "phone_number", "recipient_reason", "profile", "updated_at")
SELECT w.id, s.company_name, s.street_address, s.city, s.state, s.zip_code, s.phone_number, s.recipient_reason, s.profile, s.updated_at
  FROM "workspaces" w
  JOIN LATERAL (SELECT m.user_id FROM "memberships" m WHERE m.workspace_id = w.id AND m.role = 'owner'
                 ORDER BY m.created_at, m.user_id LIMIT 1) o ON true
  JOIN "sender_settings" s ON s.user_id = o.user_id;--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "street_address";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "zip_code";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "phone_number";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "recipient_reason";--> statement-breakpoint
ALTER TABLE "sender_settings" DROP COLUMN "profile";