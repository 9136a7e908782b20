CREATE TABLE "whatsapp_received" (
	"id" serial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"sender" text NOT NULL,
	"profile_name" text,
	"user_id" integer,
	"order_id" integer,
	"kind" text NOT NULL,
	"body" text,
	"sent_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_received_wamid_unique" UNIQUE("wamid")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "resend_of" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_received" ADD CONSTRAINT "whatsapp_received_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_received" ADD CONSTRAINT "whatsapp_received_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_received_sender_idx" ON "whatsapp_received" USING btree ("sender","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_received_order_idx" ON "whatsapp_received" USING btree ("order_id","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_received_unseen_idx" ON "whatsapp_received" USING btree ("sent_at") WHERE "whatsapp_received"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_received_created_idx" ON "whatsapp_received" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_resend_of_whatsapp_messages_id_fk" FOREIGN KEY ("resend_of") REFERENCES "public"."whatsapp_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_resend_of_unique" UNIQUE("resend_of");--> statement-breakpoint
-- What the back office shows while it is open is announced by the database itself on the channel
-- 'souk_back_office', whichever process made the change (docs/decisions/0042): every open back
-- office reads its page again. Payloads (sent at commit, identical ones folded):
--   'order:<id>'  an order, its history or its WhatsApp messages changed;
--   'bell'        what the bell counts or the back office's banner says changed (a new order,
--                 one leaving 'en_attente', a customer's WhatsApp message received or marked
--                 read, one of the shop's messages answered by Meta: the outage banner).
CREATE FUNCTION souk_notify_back_office() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := to_jsonb(COALESCE(NEW, OLD));
BEGIN
  IF row_data ? 'order_id' AND row_data->>'order_id' IS NOT NULL THEN
    PERFORM pg_notify('souk_back_office', 'order:' || (row_data->>'order_id'));
  END IF;
  IF TG_TABLE_NAME = 'orders' THEN
    PERFORM pg_notify('souk_back_office', 'order:' || (row_data->>'id'));
    IF TG_OP <> 'UPDATE' THEN
      PERFORM pg_notify('souk_back_office', 'bell');
    ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
      PERFORM pg_notify('souk_back_office', 'bell');
    END IF;
  ELSIF TG_TABLE_NAME = 'whatsapp_received' THEN
    PERFORM pg_notify('souk_back_office', 'bell');
  ELSIF TG_TABLE_NAME = 'whatsapp_messages' AND TG_OP = 'UPDATE' THEN
    IF NEW.state IN ('sent', 'failed') AND OLD.state IS DISTINCT FROM NEW.state THEN
      PERFORM pg_notify('souk_back_office', 'bell');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_back_office_notify AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION souk_notify_back_office();--> statement-breakpoint
CREATE TRIGGER order_status_history_back_office_notify AFTER INSERT ON order_status_history
  FOR EACH ROW EXECUTE FUNCTION souk_notify_back_office();--> statement-breakpoint
CREATE TRIGGER whatsapp_messages_back_office_notify AFTER INSERT OR UPDATE ON whatsapp_messages
  FOR EACH ROW EXECUTE FUNCTION souk_notify_back_office();--> statement-breakpoint
CREATE TRIGGER whatsapp_received_back_office_notify AFTER INSERT OR UPDATE ON whatsapp_received
  FOR EACH ROW EXECUTE FUNCTION souk_notify_back_office();
