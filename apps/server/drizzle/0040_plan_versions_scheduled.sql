-- Decision 0062. The Welcome Back "Domestic appliances gift" gets the value the operator sets (N50,000): version 1
-- named it without a figure (valued 0), so the liabilities and the simulator counted it at nothing. Its value is the
-- company's cost estimate, not a term a member was shown, so version 1 is corrected in place (the one change to a
-- published version ever made, here, with the immutability trigger held off for the one statement), and the gifts
-- already owed or delivered carry the value too.
ALTER TABLE "plan_versions" DISABLE TRIGGER plan_versions_published_immutable;--> statement-breakpoint
UPDATE "plan_versions"
   SET "plan" = jsonb_set("plan", '{stages,3,awards,0,valueKobo}', '5000000'::jsonb)
 WHERE "programme" = 'welcomeback' AND "version" = 1
   AND "plan" #>> '{stages,3,awards,0,kind}' = 'domestic_appliances'
   AND ("plan" #>> '{stages,3,awards,0,valueKobo}')::bigint = 0;--> statement-breakpoint
ALTER TABLE "plan_versions" ENABLE TRIGGER plan_versions_published_immutable;--> statement-breakpoint
UPDATE "awards" SET "value_kobo" = 5000000
 WHERE "programme" = 'welcomeback' AND "kind" = 'domestic_appliances' AND "value_kobo" = 0;--> statement-breakpoint
-- A version approved to take effect at a later time is 'scheduled': numbered, with its effective_at in the future.
-- The version in force at a moment is read by time (the numbered version with the latest effective_at not after
-- it), so every instance agrees at the switch without a job; 'published' is tidied when the next one is approved.
ALTER TABLE "plan_versions" DROP CONSTRAINT "plan_versions_status_known";--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_status_known" CHECK ("plan_versions"."status" in ('draft', 'submitted', 'scheduled', 'published', 'superseded'));--> statement-breakpoint
ALTER TABLE "plan_versions" DROP CONSTRAINT "plan_versions_published_numbered";--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_published_numbered" CHECK (("plan_versions"."status" in ('scheduled', 'published', 'superseded')) = ("plan_versions"."version" is not null and "plan_versions"."effective_at" is not null));--> statement-breakpoint
-- The time the maker asked for when submitting (null: at once on approval); kept to show it while it waits.
ALTER TABLE "plan_versions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
-- One version waits for its time per programme: a second would leave the order of the two to chance.
CREATE UNIQUE INDEX "plan_versions_one_scheduled" ON "plan_versions" USING btree ("programme") WHERE "plan_versions"."status" = 'scheduled';--> statement-breakpoint
-- A scheduled version is as fixed as a published one, except that before its time it may be moved later or
-- cancelled (back to a draft); from its time on it is what new positions join under and only becomes 'published'.
CREATE OR REPLACE FUNCTION plan_versions_keep_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('scheduled', 'published', 'superseded') THEN
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
  IF OLD.status = 'scheduled' THEN
    IF NEW.status = 'draft' THEN
      IF OLD.effective_at <= now() THEN
        RAISE EXCEPTION 'plan version % of % is in force since % and cannot be cancelled', OLD.version, OLD.programme, OLD.effective_at;
      END IF;
    ELSIF NEW.status NOT IN ('scheduled', 'published') OR NEW.plan IS DISTINCT FROM OLD.plan
       OR NEW.version IS DISTINCT FROM OLD.version OR NEW.programme IS DISTINCT FROM OLD.programme
       OR (NEW.effective_at IS DISTINCT FROM OLD.effective_at AND (OLD.effective_at <= now() OR NEW.effective_at < now())) THEN
      RAISE EXCEPTION 'plan version % of % is scheduled and cannot be changed', OLD.version, OLD.programme;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
