-- The terms a member accepted at sign-up (issue 36, decision 0060): the plan version of their programme whose terms
-- the sign-up form showed, and when. Accounts registered before this were shown the terms page as it then was,
-- whose figures came from the code, that is version 1 of each programme: they are recorded as version 1, accepted
-- when they signed up. Administrators accept no terms.
ALTER TABLE "accounts" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "accounts" SET "terms_version" = 1, "terms_accepted_at" = "created_at" WHERE "role" = 'user';
