-- Who generated each email, kept through edits and through a later regeneration of another step
-- (which changes the campaign's generated_by). Emails generated before it keep null and are read
-- as before; no rewrite of existing rows.
ALTER TABLE "emails" ADD COLUMN "generated_by" integer;