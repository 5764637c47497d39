-- The hot signed-in reads are kept in each instance and dropped when the database tells of a change (decision 0064).
-- Each change to what they read sends NOTIFY told_reads at commit: 'a:<account id>' for an account's row, sessions,
-- second factor or figures version; 'g' for the versions of the whole platform (the matrix, the admin figures).
-- The column that names the account is the trigger's argument. NOTIFY sends one of equal payloads per transaction.
CREATE FUNCTION "told_reads_account"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  IF TG_OP = 'DELETE' THEN account := to_jsonb(OLD) ->> TG_ARGV[0]; ELSE account := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF account IS NOT NULL THEN PERFORM pg_notify('told_reads', 'a:' || account); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "told_reads_global"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('told_reads', 'g');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "accounts_told_reads" AFTER UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION told_reads_account('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_told_reads" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION told_reads_account('account_id');
--> statement-breakpoint
CREATE TRIGGER "admin_two_factor_told_reads" AFTER INSERT OR UPDATE OR DELETE ON "admin_two_factor"
  FOR EACH ROW EXECUTE FUNCTION told_reads_account('account_id');
--> statement-breakpoint
CREATE TRIGGER "figures_versions_told_reads" AFTER INSERT OR UPDATE OR DELETE ON "figures_versions"
  FOR EACH ROW EXECUTE FUNCTION told_reads_account('account_id');
--> statement-breakpoint
CREATE TRIGGER "matrix_version_told_reads" AFTER UPDATE ON "matrix_version"
  FOR EACH STATEMENT EXECUTE FUNCTION told_reads_global();
--> statement-breakpoint
CREATE TRIGGER "admin_figures_version_told_reads" AFTER UPDATE ON "admin_figures_version"
  FOR EACH STATEMENT EXECUTE FUNCTION told_reads_global();
