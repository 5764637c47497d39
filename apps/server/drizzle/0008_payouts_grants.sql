-- Payout runs say the truth: needs_attention while a payout failed or was reversed and is not paid since.
-- A run prepared or run by the payout schedule has no administrator as its maker.
ALTER TABLE "payout_runs" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "reservations_done_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payout_runs" SET "reservations_done_at" = "created_at";--> statement-breakpoint
UPDATE "payout_runs" r SET "status" = 'needs_attention', "completed_at" = NULL
  WHERE r."status" = 'completed' AND EXISTS (SELECT 1 FROM "payouts" p WHERE p."run_id" = r."id" AND p."status" IN ('failed', 'reversed'));--> statement-breakpoint
-- A failed payout paid again inside its run: each attempt has its own reference; earlier ones are kept here.
ALTER TABLE "payouts" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "released_reason" text;--> statement-breakpoint
CREATE TABLE "payout_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payout_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"bank_name" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"retried_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_attempts_reference_unique" UNIQUE("reference")
);--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_retried_by_accounts_id_fk" FOREIGN KEY ("retried_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_payout_attempt_key" ON "payout_attempts" USING btree ("payout_id","attempt");--> statement-breakpoint
-- The payout day's preparation: one row per programme and month, so two instances cannot both prepare it.
CREATE TABLE "payout_schedule" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_schedule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"programme" text NOT NULL,
	"period" text NOT NULL,
	"payee_count" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	"skipped_count" integer NOT NULL,
	"auto_run" boolean NOT NULL,
	"run_id" bigint,
	"instance" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payout_schedule" ADD CONSTRAINT "payout_schedule_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_schedule_programme_period_key" ON "payout_schedule" USING btree ("programme","period");--> statement-breakpoint
-- Grants: one approved grant per member (a Main account holds one position), paid through the ledger.
ALTER TABLE "grant_applications" ADD COLUMN "journal_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "grant_applications" ADD CONSTRAINT "grant_applications_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Before this rule a member could be approved again and again (no money moved then): the first approval stands.
UPDATE "grant_applications" g SET "status" = 'declined',
  "decision_note" = concat_ws(' ', g."decision_note", '(Declined when the one-grant rule came: an earlier grant of this member was approved.)')
  WHERE g."status" = 'approved' AND EXISTS (SELECT 1 FROM "grant_applications" o WHERE o."account_id" = g."account_id" AND o."status" = 'approved' AND o."id" < g."id");--> statement-breakpoint
CREATE UNIQUE INDEX "grant_applications_one_approved_key" ON "grant_applications" USING btree ("account_id") WHERE "grant_applications"."status" = 'approved';--> statement-breakpoint
-- Awards paid in yearly installments (Golden Crown): installment n is due n-1 years after it was earned.
ALTER TABLE "awards" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "awards" a SET "due_at" = e."earned_at" + make_interval(years => a."installment" - 1)
  FROM (SELECT "position_id", "kind", min("created_at") AS "earned_at" FROM "awards" GROUP BY "position_id", "kind") e
  WHERE e."position_id" = a."position_id" AND e."kind" = a."kind";--> statement-breakpoint
ALTER TABLE "awards" ALTER COLUMN "due_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "awards" ALTER COLUMN "due_at" SET NOT NULL;
