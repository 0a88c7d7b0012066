CREATE TABLE "video_site_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site" text DEFAULT 'youtube' NOT NULL,
	"channel_id" text NOT NULL,
	"channel_title" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site" text DEFAULT 'youtube' NOT NULL,
	"project_id" integer NOT NULL,
	"render_job_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"privacy" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"bytes_sent" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"session_url" text,
	"video_id" text,
	"video_url" text,
	"error_code" text,
	"error" text,
	"boss_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_site_connections" ADD CONSTRAINT "video_site_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_site_connections_user_site" ON "video_site_connections" USING btree ("user_id","site");--> statement-breakpoint
CREATE INDEX "video_uploads_user_idx" ON "video_uploads" USING btree ("user_id","created_at");