CREATE TABLE "tts_clips" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"voice_id" text NOT NULL,
	"duration" double precision NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tts_usage" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"clip_key" text NOT NULL,
	"seconds" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tts_usage_user_id_project_id_clip_key_pk" PRIMARY KEY("user_id","project_id","clip_key")
);
--> statement-breakpoint
ALTER TABLE "tts_usage" ADD CONSTRAINT "tts_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;