CREATE TABLE "product_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_batches_status_check" CHECK ("product_batches"."status" in ('processing', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "product_batches_created_idx" ON "product_batches" USING btree ("created_at");