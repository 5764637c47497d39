-- Plan simulations stored in the database (issue 36, decision 0061): any instance shows any job, its progress while
-- it runs and its report when finished; a job whose instance stopped (restart, crash) is marked interrupted. A job
-- of a stored draft keeps the draft's id and a hash of its content, so the approval of that draft can tell whether
-- the simulation is of the draft as it is now.
CREATE TABLE "simulation_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"programme" text NOT NULL,
	"plan_version_id" bigint,
	"draft_hash" text,
	"against_version" integer NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"headline" jsonb,
	"message" text,
	"instance_id" text NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "simulation_jobs_status_known" CHECK ("simulation_jobs"."status" in ('running', 'finished', 'failed', 'interrupted')),
	CONSTRAINT "simulation_jobs_draft_hashed" CHECK (("simulation_jobs"."plan_version_id" is null) = ("simulation_jobs"."draft_hash" is null))
);
--> statement-breakpoint
ALTER TABLE "simulation_jobs" ADD CONSTRAINT "simulation_jobs_plan_version_id_plan_versions_id_fk" FOREIGN KEY ("plan_version_id") REFERENCES "public"."plan_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_jobs" ADD CONSTRAINT "simulation_jobs_started_by_accounts_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulation_jobs_draft_idx" ON "simulation_jobs" USING btree ("plan_version_id","started_at");--> statement-breakpoint
CREATE INDEX "simulation_jobs_running_idx" ON "simulation_jobs" USING btree ("instance_id") WHERE "simulation_jobs"."status" = 'running';
