-- Whether a paid payment placed a position is kept as data (issue 37), no longer read from failure_reason's text.
-- placed: the fee placed (or found) the member's position; not_placed: the money arrived but no position could be
-- placed, so it is owed back; null: not paid (pending, failed, abandoned), or a paid row written without it (read as
-- placed, as before: only a payment marked not_placed is owed back).
ALTER TABLE "payments" ADD COLUMN "placement" text;--> statement-breakpoint
UPDATE "payments" SET "placement" = CASE
  WHEN "position_id" IS NOT NULL THEN 'placed'
  WHEN coalesce("failure_reason", '') LIKE 'Not placed:%' THEN 'not_placed'
  ELSE 'placed'
END WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_placement_known" CHECK ("payments"."placement" in ('placed', 'not_placed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_placement_when_paid" CHECK ("payments"."placement" is null or "payments"."status" = 'paid');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_not_placed_has_no_position" CHECK ("payments"."placement" <> 'not_placed' or "payments"."position_id" is null);
