ALTER TABLE "sandbox_transfers" DROP CONSTRAINT "sandbox_transfers_status";--> statement-breakpoint
ALTER TABLE "bank_details" ADD COLUMN "recipient_key_mode" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "customer_fee_kobo" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_note" text;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "customer_pays_fees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."processed_at" is null and "payment_events"."event" like 'transfer.%';--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_status" CHECK ("sandbox_transfers"."status" IN ('pending', 'otp', 'received', 'success', 'failed', 'reversed', 'abandoned', 'blocked', 'rejected'));--> statement-breakpoint
-- Events received before this migration were applied when they arrived.
UPDATE "payment_events" SET "processed_at" = "received_at" WHERE "processed_at" IS NULL;