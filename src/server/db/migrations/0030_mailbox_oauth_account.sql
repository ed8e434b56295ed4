-- A Google or Microsoft mailbox sends with its own account's tokens, not "the person's account of
-- that provider", so a person may connect a second Google account as a second mailbox.
ALTER TABLE "oauth_accounts" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "oauth_account_id" integer;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_oauth_account_id_oauth_accounts_id_fk" FOREIGN KEY ("oauth_account_id") REFERENCES "public"."oauth_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every account so far was one its person signed in with (connecting others starts here).
UPDATE "oauth_accounts" SET "signed_in_at" = "updated_at";--> statement-breakpoint
-- Until now a person had at most one account and one mailbox per provider: they belong together.
UPDATE "mailboxes" m SET "oauth_account_id" = (
  SELECT a.id FROM "oauth_accounts" a
   WHERE a.user_id = m.user_id AND a.provider = m.kind
   ORDER BY a.updated_at DESC, a.id DESC LIMIT 1)
 WHERE m.kind IN ('google', 'microsoft')
   AND m.id = (SELECT min(o.id) FROM "mailboxes" o WHERE o.user_id = m.user_id AND o.kind = m.kind);--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_oauth_account_uq" ON "mailboxes" USING btree ("oauth_account_id") WHERE "mailboxes"."oauth_account_id" is not null;
