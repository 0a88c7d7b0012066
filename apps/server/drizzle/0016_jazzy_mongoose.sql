CREATE TABLE "render_segments" (
	"hash" text PRIMARY KEY NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "frames_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "frames_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "segments_reused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "segments_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "render_segments_last_used_idx" ON "render_segments" USING btree ("last_used_at");