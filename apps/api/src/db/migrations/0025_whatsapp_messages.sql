CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"audience" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"wamid" text,
	"error_code" integer,
	"error_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "whatsapp_messages_state_check" CHECK ("whatsapp_messages"."state" in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'uncertain')),
	CONSTRAINT "whatsapp_messages_audience_check" CHECK ("whatsapp_messages"."audience" in ('customer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unpaid_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_idx" ON "whatsapp_messages" USING btree ("created_at");