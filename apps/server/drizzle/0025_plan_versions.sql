CREATE TABLE "plan_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"programme" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer,
	"based_on" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"created_by" uuid,
	"approval_request_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "plan_versions_status_known" CHECK ("plan_versions"."status" in ('draft', 'submitted', 'published', 'superseded')),
	CONSTRAINT "plan_versions_published_numbered" CHECK (("plan_versions"."status" in ('published', 'superseded')) = ("plan_versions"."version" is not null and "plan_versions"."effective_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known";--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_approval_request_id_approval_requests_id_fk" FOREIGN KEY ("approval_request_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_versions_programme_version" ON "plan_versions" USING btree ("programme","version");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_versions_one_published" ON "plan_versions" USING btree ("programme") WHERE "plan_versions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plan_versions_programme_idx" ON "plan_versions" USING btree ("programme","id");--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("approval_requests"."kind" in ('cash_out', 'payout_run', 'grant_approval', 'make_admin', 'remove_admin', 'close_account', 'payout_retry', 'erase_member', 'refund', 'plan_version'));--> statement-breakpoint
-- A published version is what members were promised: its figures never change (a new version replaces it).
CREATE FUNCTION plan_versions_keep_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('published', 'superseded') THEN
      RAISE EXCEPTION 'plan version % of % is published and cannot be deleted', OLD.version, OLD.programme;
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status IN ('published', 'superseded') AND (
       NEW.plan IS DISTINCT FROM OLD.plan OR NEW.version IS DISTINCT FROM OLD.version
       OR NEW.programme IS DISTINCT FROM OLD.programme OR NEW.effective_at IS DISTINCT FROM OLD.effective_at
       OR NOT (NEW.status = OLD.status OR (OLD.status = 'published' AND NEW.status = 'superseded'))) THEN
    RAISE EXCEPTION 'plan version % of % is published and cannot be changed', OLD.version, OLD.programme;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER plan_versions_published_immutable BEFORE UPDATE OR DELETE ON plan_versions
  FOR EACH ROW EXECUTE FUNCTION plan_versions_keep_published();
--> statement-breakpoint
-- Version 1 of each programme is the plan the engine paid by until now (packages/core/src/plan), figure for figure;
-- it applies from the first position placed.
INSERT INTO plan_versions (programme, status, version, based_on, plan, effective_at) VALUES
  ('main', 'published', 1, 1, '{"programme":"main","version":1,"name":"Main Platform","feeKobo":5000000,"referralBonusKobo":1000000,"referralBonusCap":2,"directReferralsPerStage":2,"healthFee":{"stage":2,"amountKobo":1000000},"grant":{"stage":5,"ceilingKobo":4000000000},"graduateTitle":"Golden Crown Partner","rejoinAfterFinish":false,"stages":[{"number":0,"name":"Welcome","activitiesKobo":0,"graduatingKobo":1000000,"thankYouKobo":0,"awards":[]},{"number":1,"name":"Associate","activitiesKobo":5000000,"graduatingKobo":5000000,"thankYouKobo":0,"awards":[]},{"number":2,"name":"Honourable","activitiesKobo":40000000,"graduatingKobo":10000000,"thankYouKobo":0,"awards":[{"kind":"laptop","label":"Laptop award","valueKobo":20000000,"installments":1}]},{"number":3,"name":"Chairman","activitiesKobo":70000000,"graduatingKobo":20000000,"thankYouKobo":0,"awards":[{"kind":"gift","label":"Gift award","valueKobo":60000000,"installments":1}]},{"number":4,"name":"Minister","activitiesKobo":170000000,"graduatingKobo":30000000,"thankYouKobo":0,"awards":[{"kind":"car","label":"Car award","valueKobo":600000000,"installments":1}]},{"number":5,"name":"Executive","activitiesKobo":400000000,"graduatingKobo":150000000,"thankYouKobo":0,"awards":[{"kind":"social_club","label":"Social club","valueKobo":100000000,"installments":1},{"kind":"suv","label":"SUV award","valueKobo":3000000000,"installments":1}]},{"number":6,"name":"Eldorado","activitiesKobo":1000000000,"graduatingKobo":300000000,"thankYouKobo":0,"awards":[{"kind":"housing","label":"Housing award","valueKobo":6000000000,"installments":1},{"kind":"golden_crown_annual","label":"Golden Crown annual award","valueKobo":1000000000,"installments":5}]}]}'::jsonb, coalesce((SELECT min(created_at) FROM positions), now())),
  ('welcomeback', 'published', 1, 1, '{"programme":"welcomeback","version":1,"name":"Welcome Back Platform","feeKobo":500000,"referralBonusKobo":100000,"referralBonusCap":2,"directReferralsPerStage":2,"healthFee":null,"grant":null,"graduateTitle":"Finished","rejoinAfterFinish":true,"stages":[{"number":0,"name":"Welcome","activitiesKobo":0,"graduatingKobo":100000,"thankYouKobo":0,"awards":[]},{"number":1,"name":"Participant","activitiesKobo":500000,"graduatingKobo":1000000,"thankYouKobo":0,"awards":[]},{"number":2,"name":"Courage","activitiesKobo":2000000,"graduatingKobo":5000000,"thankYouKobo":0,"awards":[]},{"number":3,"name":"Thank You","activitiesKobo":5000000,"graduatingKobo":0,"thankYouKobo":5000000,"awards":[{"kind":"domestic_appliances","label":"Domestic appliances gift","valueKobo":0,"installments":1}]}]}'::jsonb, coalesce((SELECT min(created_at) FROM positions), now()));
