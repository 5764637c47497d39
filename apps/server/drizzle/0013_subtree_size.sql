ALTER TABLE "positions" ADD COLUMN "subtree_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing positions: count each one's descendants once, walking every position up to the root.
WITH RECURSIVE "up"("ancestor_id") AS (
  SELECT "parent_id" FROM "positions" WHERE "parent_id" IS NOT NULL
  UNION ALL
  SELECT p."parent_id" FROM "up" u JOIN "positions" p ON p."id" = u."ancestor_id" WHERE p."parent_id" IS NOT NULL
)
UPDATE "positions" p SET "subtree_size" = c."n"
FROM (SELECT "ancestor_id", count(*)::int AS "n" FROM "up" GROUP BY "ancestor_id") c
WHERE p."id" = c."ancestor_id";
