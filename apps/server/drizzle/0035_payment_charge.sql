-- What Paystack reports of each charge (issue 35): the amount it charged the customer and its fees. Who bore the
-- fees follows: the customer when charged_kobo exceeds amount_kobo (customer_fee_kobo), else the company.
ALTER TABLE "payments" ADD COLUMN "charged_kobo" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paystack_fees_kobo" bigint;
