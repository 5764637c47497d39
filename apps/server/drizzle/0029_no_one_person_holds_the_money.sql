ALTER TABLE "approval_requests" ADD COLUMN "takes_effect_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "objection" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "objected_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "approval_requests_takes_effect_idx" ON "approval_requests" USING btree ("takes_effect_at") WHERE "approval_requests"."status" = 'pending' and "approval_requests"."takes_effect_at" is not null;--> statement-breakpoint
-- Requests asked under the old rules (a member account made administrator; a removal that only a third administrator
-- could approve) end here with the reason: the administrator asks again, by invitation or by a removal with notice.
UPDATE "approval_requests" SET "status" = 'failed', "decided_at" = now(),
  "failure_reason" = 'Asked before administrators were made only by invitation (decision 0038): invite the person with an address that has no member account.'
  WHERE "kind" = 'make_admin' AND "status" = 'pending';--> statement-breakpoint
UPDATE "approval_requests" SET "status" = 'failed', "decided_at" = now(),
  "failure_reason" = 'Asked before removals took a notice period (decision 0038): ask for the removal again; it takes effect after the notice unless another administrator declines it.'
  WHERE "kind" = 'remove_admin' AND "status" = 'pending';
