CREATE TABLE "member_keywords" (
	"user_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_keywords_user_id_keyword_pk" PRIMARY KEY("user_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "member_keywords" ADD CONSTRAINT "member_keywords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;