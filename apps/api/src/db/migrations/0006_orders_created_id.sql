DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");