ALTER TABLE "api_idempotency_keys" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ALTER COLUMN "body" DROP NOT NULL;