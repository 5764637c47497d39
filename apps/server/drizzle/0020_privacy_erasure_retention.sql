CREATE TABLE "retention_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "legal_hold_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
CREATE INDEX "retention_runs_ran_idx" ON "retention_runs" USING btree ("ran_at");--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("approval_requests"."kind" in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account', 'payout_retry', 'erase_member'));--> statement-breakpoint
-- Accounts closed before closed_at existed count their retention from their last change (the closure itself).
UPDATE "accounts" SET "closed_at" = "updated_at" WHERE "status" = 'closed' AND "closed_at" IS NULL;
--> statement-breakpoint
-- Erasure (decision 0029): the journal stays append-only for amounts, accounts, kinds, keys and dates; only an
-- entry's memo may be rewritten, and only inside a transaction that declared itself an erasure. A memo can name a
-- member ("Referral bonus from ..."); the books need the amount, not the name.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'journal_entries'
     AND coalesce(current_setting('ledger.erasure', true), '') = 'on'
     AND (to_jsonb(NEW) - 'memo') = (to_jsonb(OLD) - 'memo') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the journal is append-only: % on % is refused', TG_OP, TG_TABLE_NAME;
END;
$$;
