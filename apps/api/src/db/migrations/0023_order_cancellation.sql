ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_event_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_event_check" CHECK ("order_status_history"."event" in ('status', 'paid', 'unpaid', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_check" CHECK ("orders"."cancelled_by" is null or "orders"."cancelled_by" in ('customer', 'shop', 'system'));--> statement-breakpoint
-- Orders cancelled before these columns: who, from the history's last move to 'annulée' (nobody
-- named: the shop's release of an unpaid order; the customer's own account: hers; else the owner).
UPDATE "orders" o SET "cancelled_by" = CASE
    WHEN h."changed_by" IS NULL THEN 'system'
    WHEN h."changed_by" = o."user_id" THEN 'customer'
    ELSE 'shop' END
  FROM (SELECT DISTINCT ON ("order_id") "order_id", "changed_by" FROM "order_status_history"
         WHERE "to_status" = 'annulée' AND "event" = 'status' ORDER BY "order_id", "created_at" DESC, "id" DESC) h
 WHERE h."order_id" = o."id" AND o."status" = 'annulée';
