CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "embed_hash" text;--> statement-breakpoint
-- Renders made before this migration get a random public id.
ALTER TABLE "render_jobs" ADD COLUMN "public_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ALTER COLUMN "public_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "action" text DEFAULT 'download' NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "watermark_forced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "max_seconds" double precision;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "thumbnail_path" text;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_embed_hash" ON "projects" USING btree ("embed_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "render_jobs_public_id" ON "render_jobs" USING btree ("public_id");