CREATE TABLE "account_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text NOT NULL,
	"actor_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_status_changes" ADD CONSTRAINT "account_status_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_status_changes" ADD CONSTRAINT "account_status_changes_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_status_changes_account_idx" ON "account_status_changes" USING btree ("account_id","created_at");
--> statement-breakpoint
CREATE TABLE "signup_origins" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_origins" ADD CONSTRAINT "signup_origins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "signup_origins_ip_idx" ON "signup_origins" USING btree ("ip","created_at");
--> statement-breakpoint
CREATE TABLE "fraud_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fraud_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"related_account_id" uuid,
	"detail" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" uuid,
	"clear_note" text,
	CONSTRAINT "fraud_flags_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "fraud_flags_cleared_with_note" CHECK (("fraud_flags"."cleared_at" is null) = ("fraud_flags"."clear_note" is null))
);
--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_related_account_id_accounts_id_fk" FOREIGN KEY ("related_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_cleared_by_accounts_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "fraud_flags_open_idx" ON "fraud_flags" USING btree ("account_id") WHERE "fraud_flags"."cleared_at" is null;
