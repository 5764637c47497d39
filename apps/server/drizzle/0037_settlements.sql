-- Settlements matched to the bank (issue 35, decision 0058): Paystack's settlements with our figure beside each,
-- their lines, and the sandbox's own settlements (Paystack's side, adapters/payments/sandbox).
CREATE TABLE "settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_settlement_id" bigint NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"settlement_date" timestamp with time zone NOT NULL,
	"total_processed_kobo" bigint NOT NULL,
	"total_fees_kobo" bigint NOT NULL,
	"deductions_kobo" bigint NOT NULL,
	"total_amount_kobo" bigint NOT NULL,
	"effective_amount_kobo" bigint NOT NULL,
	"provider_created_at" timestamp with time zone NOT NULL,
	"provider_updated_at" timestamp with time zone NOT NULL,
	"ours_total_kobo" bigint NOT NULL,
	"ours_refunds_kobo" bigint NOT NULL,
	"ours_chargebacks_kobo" bigint NOT NULL,
	"mismatch" boolean NOT NULL,
	"mismatch_note" text,
	"fetched_at" timestamp with time zone NOT NULL,
	"ticked_at" timestamp with time zone,
	"ticked_by" uuid,
	CONSTRAINT "settlements_provider_settlement_id_unique" UNIQUE("provider_settlement_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"settlement_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"source_id" bigint NOT NULL,
	"provider_amount_kobo" bigint,
	"provider_fees_kobo" bigint,
	"amount_kobo" bigint,
	"fees_kobo" bigint,
	"account_id" uuid,
	"problem" text,
	CONSTRAINT "settlement_lines_once" UNIQUE("settlement_id","kind","source_id"),
	CONSTRAINT "settlement_lines_kind" CHECK ("settlement_lines"."kind" in ('payment', 'refund', 'chargeback'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 3090024 CACHE 1),
	"status" text NOT NULL,
	"total_amount_kobo" bigint NOT NULL,
	"total_fees_kobo" bigint NOT NULL,
	"total_processed_kobo" bigint NOT NULL,
	"deductions_kobo" bigint NOT NULL,
	"settlement_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_settlement_items" (
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"settlement_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"fees_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sandbox_settlement_items_kind_source_pk" PRIMARY KEY("kind","source"),
	CONSTRAINT "sandbox_settlement_items_kind" CHECK ("sandbox_settlement_items"."kind" IN ('charge', 'refund', 'chargeback'))
);
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_ticked_by_accounts_id_fk" FOREIGN KEY ("ticked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_settlement_items" ADD CONSTRAINT "sandbox_settlement_items_settlement_id_sandbox_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."sandbox_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlements_date_idx" ON "settlements" USING btree ("settlement_date","id");--> statement-breakpoint
CREATE INDEX "settlement_lines_source_idx" ON "settlement_lines" USING btree ("kind","source_id");
