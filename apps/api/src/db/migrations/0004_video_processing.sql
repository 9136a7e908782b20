ALTER TABLE "product_media" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "progress" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "poster_path" text;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "poster_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "source_path" text;--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_media_processing_idx" ON "product_media" USING btree ("locked_until") WHERE "product_media"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_status_check" CHECK ("product_media"."status" in ('ready', 'processing', 'failed'));--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_progress_check" CHECK ("product_media"."progress" >= 0 and "product_media"."progress" <= 1);--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_image_ready_check" CHECK ("product_media"."type" = 'video' or "product_media"."status" = 'ready');