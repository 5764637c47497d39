CREATE TABLE "matrix_level_sizes" (
	"position_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"positions" integer NOT NULL,
	CONSTRAINT "matrix_level_sizes_position_id_level_pk" PRIMARY KEY("position_id","level")
);
--> statement-breakpoint
CREATE TABLE "admin_figures_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credits_entry_idx" ON "credits" USING btree ("journal_entry_id");
--> statement-breakpoint
-- Every position counts once at its distance below each position above it.
INSERT INTO "matrix_level_sizes" ("position_id", "level", "positions")
WITH RECURSIVE up("ancestor_id", "level") AS (
  SELECT "parent_id", 1 FROM "positions" WHERE "parent_id" IS NOT NULL
  UNION ALL
  SELECT p."parent_id", up."level" + 1 FROM up JOIN "positions" p ON p."id" = up."ancestor_id" WHERE p."parent_id" IS NOT NULL
)
SELECT "ancestor_id", "level", count(*) FROM up GROUP BY "ancestor_id", "level";
--> statement-breakpoint
INSERT INTO "admin_figures_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- At commit, so the row is locked for the last moment of a payment's transaction only; rolled-back work moves nothing.
CREATE FUNCTION "admin_figures_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_figures_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_admin_figures" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "admin_figures_bump"();
--> statement-breakpoint
-- Latest Transactions shows the payer's name and email.
CREATE CONSTRAINT TRIGGER "accounts_admin_figures" AFTER UPDATE OF "full_name", "email" ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "admin_figures_bump"();
