-- Whether an order counts (revenue ordered, total spent, units sold, suggestions): every order but
-- a cancelled one. Said once in the database: the queries call it (db/order-rules.ts) and so do
-- product_sales's triggers, rewritten below to ask it rather than compare the status themselves.
-- Plain SQL and IMMUTABLE, so the planner inlines it into the queries that call it.
CREATE FUNCTION order_counts(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status <> 'annulée'
$$;--> statement-breakpoint

-- One article's change to product_sales: its units and revenue, out (-1) or in (1).
CREATE FUNCTION product_sales_change(product_id integer, product_name text, quantity integer,
                                     revenue integer, sign integer) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('product_id', coalesce(product_id, 0), 'product_name', product_name,
                            'quantity', sign * quantity, 'revenue', sign * revenue)
$$;--> statement-breakpoint

-- The triggers below hand product_sales_apply their changes whatever they found: no rows (null)
-- insert nothing.

-- Articles added, removed or changed in orders that count (a removal whose order is gone was
-- counted when the order was deleted). A transition table exists only for the operations that
-- have it, hence a statement per side.
CREATE OR REPLACE FUNCTION product_sales_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM product_sales_apply((
      SELECT jsonb_agg(product_sales_change(d.product_id, d.product_name, d.quantity, d.total_price, -1))
        FROM old_items d JOIN orders o ON o.id = d.order_id
       WHERE order_counts(o.status)));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM product_sales_apply((
      SELECT jsonb_agg(product_sales_change(n.product_id, n.product_name, n.quantity, n.total_price, 1))
        FROM new_items n JOIN orders o ON o.id = n.order_id
       WHERE order_counts(o.status)));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- An order that stops counting (cancelled) takes its articles out; one that counts again puts
-- them back.
CREATE OR REPLACE FUNCTION product_sales_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_apply((
    SELECT jsonb_agg(product_sales_change(i.product_id, i.product_name, i.quantity, i.total_price,
                                          CASE WHEN order_counts(n.status) THEN 1 ELSE -1 END))
      FROM old_orders d
      JOIN new_orders n ON n.id = d.id
      JOIN order_items i ON i.order_id = n.id
     WHERE order_counts(d.status) <> order_counts(n.status)));
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- An order deleted takes its articles out before they go with it (their own trigger then finds
-- no order and counts nothing twice).
CREATE OR REPLACE FUNCTION product_sales_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_apply((
    SELECT jsonb_agg(product_sales_change(i.product_id, i.product_name, i.quantity, i.total_price, -1))
      FROM order_items i
     WHERE i.order_id = OLD.id AND order_counts(OLD.status)));
  RETURN OLD;
END;
$$;
