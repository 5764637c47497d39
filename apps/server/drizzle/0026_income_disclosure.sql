CREATE TABLE "income_disclosure_publications" (
	"programme" text NOT NULL,
	"year" integer NOT NULL,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_disclosure_publications_programme_year_pk" PRIMARY KEY("programme","year")
);
--> statement-breakpoint
ALTER TABLE "income_disclosure_publications" ADD CONSTRAINT "income_disclosure_publications_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;