CREATE TABLE "payout_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_count" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"recorded_approved_by" uuid,
	"recorded_at" timestamp with time zone,
	CONSTRAINT "payout_batches_status_known" CHECK ("payout_batches"."status" in ('open', 'recorded')),
	CONSTRAINT "payout_batches_control_total_positive" CHECK ("payout_batches"."payment_count" > 0 and "payout_batches"."total_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batch_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batch_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"payout_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"outcome" text,
	"bank_reason" text,
	"reversed_from" text,
	"reversal_reason" text,
	"reversed_by" uuid,
	"reversal_approved_by" uuid,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "payout_batch_items_amount_positive" CHECK ("payout_batch_items"."amount_kobo" > 0),
	CONSTRAINT "payout_batch_items_outcome_known" CHECK ("payout_batch_items"."outcome" is null or "payout_batch_items"."outcome" in ('paid', 'failed')),
	CONSTRAINT "payout_batch_items_failed_has_reason" CHECK ("payout_batch_items"."outcome" is distinct from 'failed' or "payout_batch_items"."bank_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_recorded_by_accounts_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_recorded_approved_by_accounts_id_fk" FOREIGN KEY ("recorded_approved_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_reversed_by_accounts_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_reversal_approved_by_accounts_id_fk" FOREIGN KEY ("reversal_approved_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_one_open_per_run" ON "payout_batches" USING btree ("run_id") WHERE "payout_batches"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_items_payout_attempt_key" ON "payout_batch_items" USING btree ("payout_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_items_reference_key" ON "payout_batch_items" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payout_batch_items_batch_idx" ON "payout_batch_items" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known";--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("approval_requests"."kind" in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account', 'payout_retry', 'erase_member', 'refund', 'plan_version', 'bank_file_record', 'bank_file_reversal'));
