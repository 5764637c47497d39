ALTER TABLE "positions" ADD COLUMN "credited_referral_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "credited_activities_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "credited_graduating_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "credited_thank_you_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "credited_health_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing positions: the totals of the credits already paid for each.
UPDATE "positions" p SET
  "credited_referral_kobo" = c."referral",
  "credited_activities_kobo" = c."activities",
  "credited_graduating_kobo" = c."graduating",
  "credited_thank_you_kobo" = c."thank_you",
  "credited_health_fee_kobo" = c."health_fee"
FROM (
  SELECT "position_id",
    coalesce(sum("amount_kobo") FILTER (WHERE "kind" = 'referral'), 0) AS "referral",
    coalesce(sum("amount_kobo") FILTER (WHERE "kind" = 'activities'), 0) AS "activities",
    coalesce(sum("amount_kobo") FILTER (WHERE "kind" = 'graduating'), 0) AS "graduating",
    coalesce(sum("amount_kobo") FILTER (WHERE "kind" = 'thank_you'), 0) AS "thank_you",
    coalesce(sum("amount_kobo") FILTER (WHERE "kind" = 'health_fee'), 0) AS "health_fee"
  FROM "credits" GROUP BY "position_id"
) c
WHERE p."id" = c."position_id";
