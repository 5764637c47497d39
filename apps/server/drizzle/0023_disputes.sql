CREATE TABLE "dispute_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"dispute_id" bigint NOT NULL,
	"event" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paystack_id" bigint NOT NULL,
	"payment_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"category" text,
	"resolution" text,
	"refund_amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"last_event" text NOT NULL,
	"answer" text,
	"answer_note" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"answer_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_paystack_id_unique" UNIQUE("paystack_id"),
	CONSTRAINT "disputes_answer" CHECK ("disputes"."answer" IS NULL OR "disputes"."answer" IN ('accept', 'contest'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1801929 CACHE 1),
	"transaction_reference" text NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"refund_amount_kobo" bigint NOT NULL,
	"category" text NOT NULL,
	"note" text,
	"evidence" jsonb,
	"uploads" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_answered_by_accounts_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_account_idx" ON "disputes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("created_at") WHERE "disputes"."status" <> 'resolved';