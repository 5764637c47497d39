-- The built-in payment sandbox's records (a stand-in for Paystack's own), kept in the platform's database so a
-- restart forgets no checkout, recipient or transfer. Only the sandbox reads or writes these tables.
CREATE TABLE "sandbox_transactions" (
	"reference" text PRIMARY KEY NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) NOT NULL,
	"email" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"callback_url" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transactions_status" CHECK ("status" IN ('ongoing', 'success', 'failed', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_recipients" (
	"code" text PRIMARY KEY NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	CONSTRAINT "sandbox_recipients_account" UNIQUE ("account_number", "bank_code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) NOT NULL,
	"transfer_code" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"recipient_code" text NOT NULL REFERENCES "sandbox_recipients"("code"),
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_status" CHECK ("status" IN ('pending', 'success', 'failed', 'reversed'))
);
