CREATE TABLE "matrix_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "matrix_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- A changed position marks its transaction for the matrix too, in the trigger that already runs for each changed
-- position (figures_versions, migration 0015): a second row trigger on positions made every activation a third slower.
CREATE OR REPLACE FUNCTION "figures_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('coop.figures_touched', true), '');
  account uuid;
BEGIN
  IF TG_TABLE_NAME = 'positions' THEN PERFORM set_config('coop.matrix_touched', '1', true); END IF;
  IF TG_OP = 'DELETE' THEN account := OLD.account_id; ELSE account := NEW.account_id; END IF;
  IF account IS NOT NULL AND strpos(touched, account::text) = 0 THEN
    PERFORM set_config('coop.figures_touched', touched || account::text || ',', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit the matrix version grows once per marked transaction: whichever queued call comes first clears the mark,
-- the rest find it cleared. The row is locked for the last moment of the transaction only; rolled-back work moves nothing.
CREATE FUNCTION "matrix_version_grow"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('coop.matrix_touched', true), '') = '1' THEN
    PERFORM set_config('coop.matrix_touched', '', true);
    UPDATE matrix_version SET version = version + 1 WHERE id = 1;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "matrix_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM matrix_version_grow();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The figures' commit-time call, queued by the first change of positions, awards or wallets, grows the matrix version too.
CREATE OR REPLACE FUNCTION "figures_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('coop.figures_touched', true), '');
BEGIN
  IF touched <> '' THEN
    PERFORM set_config('coop.figures_touched', '', true);
    INSERT INTO figures_versions (account_id, version)
      SELECT DISTINCT id::uuid, 1 FROM unnest(string_to_array(rtrim(touched, ','), ',')) AS t(id) ORDER BY 1
      ON CONFLICT (account_id) DO UPDATE SET version = figures_versions.version + 1;
  END IF;
  PERFORM matrix_version_grow();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A name or an erasure shows in other members' matrices and wallet lines.
CREATE FUNCTION "matrix_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('coop.matrix_touched', '1', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "accounts_matrix_touched" AFTER UPDATE OF "full_name", "erased_at" ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION matrix_touched();
--> statement-breakpoint
-- The commit-time call is queued only by the changes of the first statement that marks a transaction.
CREATE CONSTRAINT TRIGGER "accounts_matrix_version" AFTER UPDATE OF "full_name", "erased_at" ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (coalesce(current_setting('coop.matrix_touched', true), '') = '') EXECUTE FUNCTION matrix_version_bump();
