CREATE TABLE "matrix_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "matrix_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- A changed position, or a changed name or erasure, marks its transaction in a setting local to it.
CREATE FUNCTION "matrix_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('coop.matrix_touched', '1', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit the version grows once per marked transaction: the first queued call clears the mark, the rest find it
-- cleared. The row is locked for the last moment of the transaction only; rolled-back work moves nothing.
CREATE FUNCTION "matrix_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('coop.matrix_touched', true), '') = '1' THEN
    PERFORM set_config('coop.matrix_touched', '', true);
    UPDATE matrix_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "positions_matrix_touched" AFTER INSERT OR UPDATE OR DELETE ON "positions"
  FOR EACH ROW EXECUTE FUNCTION matrix_touched();
--> statement-breakpoint
CREATE TRIGGER "accounts_matrix_touched" AFTER UPDATE OF "full_name", "erased_at" ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION matrix_touched();
--> statement-breakpoint
-- The commit-time bump is queued only by the changes of the first statement that marks a transaction.
CREATE CONSTRAINT TRIGGER "positions_matrix_version" AFTER INSERT OR UPDATE OR DELETE ON "positions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (coalesce(current_setting('coop.matrix_touched', true), '') = '') EXECUTE FUNCTION matrix_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accounts_matrix_version" AFTER UPDATE OF "full_name", "erased_at" ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (coalesce(current_setting('coop.matrix_touched', true), '') = '') EXECUTE FUNCTION matrix_version_bump();
