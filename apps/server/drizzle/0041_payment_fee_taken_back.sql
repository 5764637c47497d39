-- The part of a placed payment's fee that a lost card dispute took back (issue 35, decision 0057): the admin
-- dashboard's "fees paid and placed" counts the fee net of it, as the ledger's fee income does.
ALTER TABLE "payments" ADD COLUMN "fee_taken_back_kobo" bigint;
