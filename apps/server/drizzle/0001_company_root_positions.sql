-- The company root position of each programme's matrix: members without a paid sponsor are placed under it.
-- level_counts has one entry per stage level that decides promotions (Main: 7, Welcome Back: 4).
INSERT INTO "positions" ("programme", "account_id", "parent_id", "slot", "depth", "level_counts", "plan_version")
VALUES ('main', NULL, NULL, NULL, 0, '{0,0,0,0,0,0,0}', 1),
       ('welcomeback', NULL, NULL, NULL, 0, '{0,0,0,0}', 1);
