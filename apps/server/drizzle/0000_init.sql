CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"referral_code" text NOT NULL,
	"sponsor_account_id" uuid,
	"email_confirmed_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_lowercase" CHECK ("accounts"."email" = lower("accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"programme" text NOT NULL,
	"account_id" uuid,
	"sponsor_position_id" bigint,
	"parent_id" bigint,
	"slot" smallint,
	"depth" integer NOT NULL,
	"full_depth" integer DEFAULT 0 NOT NULL,
	"level_counts" integer[] NOT NULL,
	"ancestors" bigint[] DEFAULT '{}' NOT NULL,
	"direct_referrals" integer DEFAULT 0 NOT NULL,
	"referral_bonuses_paid" integer DEFAULT 0 NOT NULL,
	"stage" smallint DEFAULT 0 NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"plan_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_slot_range" CHECK ("positions"."slot" is null or "positions"."slot" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_programme_email_key" ON "accounts" USING btree ("programme","email");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_referral_code_key" ON "accounts" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "accounts_sponsor_idx" ON "accounts" USING btree ("sponsor_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_parent_slot_key" ON "positions" USING btree ("parent_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_one_root_key" ON "positions" USING btree ("programme") WHERE "positions"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "positions_account_idx" ON "positions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "positions_sponsor_idx" ON "positions" USING btree ("sponsor_position_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address","created_at");