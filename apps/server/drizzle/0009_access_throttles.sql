CREATE TABLE "access_throttles" (
	"kind" text NOT NULL,
	"subject_hash" text NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "access_throttles_kind_subject_hash_pk" PRIMARY KEY("kind","subject_hash")
);
--> statement-breakpoint
CREATE INDEX "access_throttles_window_idx" ON "access_throttles" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");