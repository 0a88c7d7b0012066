CREATE TABLE "render_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"data_hash" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"output_path" text,
	"duration" double precision,
	"bytes" integer,
	"render_seconds" double precision,
	"boss_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_jobs_user_project_idx" ON "render_jobs" USING btree ("user_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "render_jobs_one_active_per_content" ON "render_jobs" USING btree ("project_id","data_hash") WHERE status in ('queued', 'rendering');