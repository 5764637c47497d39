ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known";--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_checker_not_maker";--> statement-breakpoint
ALTER TABLE "bank_details" ADD COLUMN "saved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Details saved before this column: the save is dated by its confirmation, else by its last change.
UPDATE "bank_details" SET "saved_at" = coalesce("verified_at", "updated_at");--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "preview" jsonb;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "subject_key" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_accounts_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_subject" ON "approval_requests" USING btree ("subject_key") WHERE "approval_requests"."status" = 'pending' and "approval_requests"."subject_key" is not null;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("approval_requests"."kind" in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account', 'payout_retry'));--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_not_maker" CHECK ("approval_requests"."single_admin" or "approval_requests"."checker_account_id" is null or "approval_requests"."checker_account_id" <> "approval_requests"."maker_account_id" or "approval_requests"."status" = 'declined');