ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known";--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD COLUMN "holds_payouts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE INDEX "fraud_flags_open_group_idx" ON "fraud_flags" USING btree ("group_key") WHERE "fraud_flags"."cleared_at" is null;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("approval_requests"."kind" in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account'));--> statement-breakpoint
-- Open flags keep holding only where the same person is likely on both sides (FRAUD_RULE_HOLDS in the core): a shared address or the sponsor's browser no longer holds a payout.
UPDATE "fraud_flags" SET "holds_payouts" = true WHERE "rule" IN ('sponsor_shares_bank_account', 'sponsor_shares_phone', 'shared_bank_account', 'referral_ring');
