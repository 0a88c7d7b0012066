DROP INDEX "render_jobs_one_active_per_content";--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "short_side" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "render_jobs_one_active_per_content" ON "render_jobs" USING btree ("project_id","data_hash","short_side") WHERE status in ('queued', 'rendering');