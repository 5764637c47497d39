-- Posted debits and credits per ledger account, moved in the same transaction as each journal line (as
-- TigerBeetle keeps them on the account), so a wallet's figures are one row, not a sum over its history.
ALTER TABLE "ledger_accounts" ADD COLUMN "debits_posted_kobo" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "credits_posted_kobo" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "lines_posted" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "ledger_accounts" a SET
  "debits_posted_kobo" = s.debits, "credits_posted_kobo" = s.credits, "lines_posted" = s.lines
FROM (
  SELECT ledger_account_id,
    coalesce(sum(-amount_kobo) FILTER (WHERE amount_kobo < 0), 0) AS debits,
    coalesce(sum(amount_kobo) FILTER (WHERE amount_kobo > 0), 0) AS credits,
    count(*) AS lines
  FROM journal_lines GROUP BY ledger_account_id
) s
WHERE s.ledger_account_id = a.id;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_balance_is_posted_sum" CHECK ("balance_kobo" = "credits_posted_kobo" - "debits_posted_kobo");
--> statement-breakpoint
-- Rate limits counted in the database, so several instances share one count. The key is a hash of the
-- limit's name and what it counts (an address, an email), so no address or email is kept in the clear.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");
