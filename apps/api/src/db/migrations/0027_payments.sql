CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"provider_ref" text,
	"launch_url" text,
	"notif_token" text,
	"expires_at" timestamp with time zone,
	"transaction_id" text,
	"anomaly" text,
	"failure" text,
	"settled_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refunded_by" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('creating', 'open', 'succeeded', 'failed', 'expired')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('wave', 'orange_money')),
	CONSTRAINT "payments_anomaly_check" CHECK ("payments"."anomaly" is null or "payments"."anomaly" in ('amount', 'currency', 'already_paid', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_pending" text;--> statement-breakpoint
-- Every payment recorded before providers was the owner's own 'Paiement reçu'.
UPDATE "orders" SET "paid_with" = 'manual' WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."state" in ('creating', 'open');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_with_check" CHECK ("orders"."paid_with" is null or "orders"."paid_with" in ('wave', 'orange_money', 'manual'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_with_paid_check" CHECK (("orders"."paid_at" is null) = ("orders"."paid_with" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_pending_check" CHECK ("orders"."payment_pending" is null or "orders"."payment_pending" in ('wave', 'orange_money'));