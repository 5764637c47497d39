ALTER TABLE "approval_requests" ADD COLUMN "held_kobo" bigint;
