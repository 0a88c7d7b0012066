CREATE TABLE "tutorials" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"group" text NOT NULL,
	"name" text,
	"thumbnail_url" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tutorials_group_position_idx" ON "tutorials" USING btree ("group","position");