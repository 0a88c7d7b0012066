CREATE TABLE "render_chunks" (
	"render_job_id" integer NOT NULL,
	"index" integer NOT NULL,
	"first_frame" integer NOT NULL,
	"end_frame" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"frames_done" integer DEFAULT 0 NOT NULL,
	"segments_reused" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"error" text,
	"render_seconds" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_chunks_render_job_id_index_pk" PRIMARY KEY("render_job_id","index")
);
--> statement-breakpoint
CREATE TABLE "render_segments" (
	"hash" text PRIMARY KEY NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "render_splits" (
	"render_job_id" integer PRIMARY KEY NOT NULL,
	"movie" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"fps" integer NOT NULL,
	"frames" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "frames_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "frames_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "segments_reused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "segments_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_chunks" ADD CONSTRAINT "render_chunks_render_job_id_render_jobs_id_fk" FOREIGN KEY ("render_job_id") REFERENCES "public"."render_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_splits" ADD CONSTRAINT "render_splits_render_job_id_render_jobs_id_fk" FOREIGN KEY ("render_job_id") REFERENCES "public"."render_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_segments_last_used_idx" ON "render_segments" USING btree ("last_used_at");