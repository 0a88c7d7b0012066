CREATE TABLE "render_documents" (
	"render_job_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "render_documents" ADD CONSTRAINT "render_documents_render_job_id_render_jobs_id_fk" FOREIGN KEY ("render_job_id") REFERENCES "public"."render_jobs"("id") ON DELETE cascade ON UPDATE no action;