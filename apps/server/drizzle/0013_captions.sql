ALTER TABLE "render_jobs" ADD COLUMN "burned_captions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tts_clips" ADD COLUMN "words" jsonb;