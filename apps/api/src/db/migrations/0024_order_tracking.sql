ALTER TABLE "orders" ADD COLUMN "tracking_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_digest" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracking_digest_unique" UNIQUE("tracking_digest");