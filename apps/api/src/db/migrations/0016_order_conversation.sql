-- The order as a conversation (docs/decisions/0027).
-- The note a guest typed before registering is kept with her cart, as the cart itself is, and
-- follows it when the guest cart is merged into her account's.
ALTER TABLE carts ADD COLUMN notes text;--> statement-breakpoint
-- The payment the owner records ('Paiement reçu'): when; null while unpaid (or undone). Who
-- recorded it is the history's, with every other event of the order.
ALTER TABLE orders ADD COLUMN paid_at timestamp with time zone;--> statement-breakpoint
-- When the owner confirmed moving the order on unpaid: she is asked that once per order.
ALTER TABLE orders ADD COLUMN unpaid_confirmed_at timestamp with time zone;--> statement-breakpoint
-- The order's history holds its payments beside its status changes: 'paid' (recorded), 'unpaid'
-- (undone, its reason in note); from and to are then the status the order was in.
ALTER TABLE order_status_history ADD COLUMN event text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_event_check CHECK (event in ('status', 'paid', 'unpaid'));
