CREATE TABLE "figures_versions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Each changed row of positions, awards or a member's wallet names its account in a setting local to the transaction.
CREATE FUNCTION "figures_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('coop.figures_touched', true), '');
  account uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN account := OLD.account_id; ELSE account := NEW.account_id; END IF;
  IF account IS NOT NULL AND strpos(touched, account::text) = 0 THEN
    PERFORM set_config('coop.figures_touched', touched || account::text || ',', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, every named account's version grows once, in account order: the rows are locked last and in one order,
-- so two committing transactions can wait for each other's versions but never deadlock on them.
CREATE FUNCTION "figures_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('coop.figures_touched', true), '');
BEGIN
  IF touched <> '' THEN
    PERFORM set_config('coop.figures_touched', '', true);
    INSERT INTO figures_versions (account_id, version)
      SELECT DISTINCT id::uuid, 1 FROM unnest(string_to_array(rtrim(touched, ','), ',')) AS t(id) ORDER BY 1
      ON CONFLICT (account_id) DO UPDATE SET version = figures_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "positions_figures_touched" AFTER INSERT OR UPDATE OR DELETE ON "positions"
  FOR EACH ROW EXECUTE FUNCTION figures_touched();
--> statement-breakpoint
CREATE TRIGGER "awards_figures_touched" AFTER INSERT OR UPDATE OR DELETE ON "awards"
  FOR EACH ROW EXECUTE FUNCTION figures_touched();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_figures_touched" AFTER INSERT OR UPDATE ON "ledger_accounts"
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL) EXECUTE FUNCTION figures_touched();
--> statement-breakpoint
-- The commit-time bump is queued only by the first change of a transaction (the setting is still empty then).
CREATE CONSTRAINT TRIGGER "positions_figures_versions" AFTER INSERT OR UPDATE OR DELETE ON "positions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (coalesce(current_setting('coop.figures_touched', true), '') = '') EXECUTE FUNCTION figures_versions_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "awards_figures_versions" AFTER INSERT OR UPDATE OR DELETE ON "awards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (coalesce(current_setting('coop.figures_touched', true), '') = '') EXECUTE FUNCTION figures_versions_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_accounts_figures_versions" AFTER INSERT OR UPDATE ON "ledger_accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.account_id IS NOT NULL AND coalesce(current_setting('coop.figures_touched', true), '') = '') EXECUTE FUNCTION figures_versions_bump();
