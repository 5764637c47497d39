-- A dispute accepted by one administrator and approved by another (issue 35, decision 0057): who approved it; and,
-- once Paystack took the money back (a lost dispute), when it entered the books and what had been paid out to the
-- member before (owed by them, not recovered automatically).
ALTER TABLE "disputes" ADD COLUMN "approved_by" uuid REFERENCES "accounts"("id");--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "paid_out_before_kobo" bigint;--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known";--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("approval_requests"."kind" in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account', 'payout_retry', 'erase_member', 'refund', 'plan_version', 'bank_file_record', 'bank_file_reversal', 'dispute_accept'));
