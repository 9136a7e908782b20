-- product_sales (migration 0010) kept by the database itself, so no writer can forget it: the
-- checkout, a cancellation or its reversal, a product deleted (its articles' product_id set null),
-- seeds and test fixtures that insert rows directly. Statement-level triggers with transition
-- tables: a bulk insert of 200 000 articles costs one grouped upsert, not 200 000
-- (docs/decisions/0021). Only orders not cancelled ('annulée') count, as everywhere revenue does.

-- Adds signed units and revenue per (product, name); rows from the other triggers feed it.
CREATE FUNCTION product_sales_apply(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales AS s (product_id, product_name, quantity, revenue)
  SELECT c.product_id, c.product_name, sum(c.quantity), sum(c.revenue)
    FROM jsonb_to_recordset(changes) AS c(product_id integer, product_name text, quantity bigint, revenue bigint)
   GROUP BY c.product_id, c.product_name
  ON CONFLICT (product_id, product_name)
    DO UPDATE SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
$$;--> statement-breakpoint

-- Articles added, removed or changed in orders that count (a removal whose order is gone was
-- counted when the order was deleted, below).
CREATE FUNCTION product_sales_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('product_id', coalesce(n.product_id, 0), 'product_name', n.product_name,
                                        'quantity', n.quantity, 'revenue', n.total_price))
      INTO changes
      FROM new_items n JOIN orders o ON o.id = n.order_id
     WHERE o.status <> 'annulée';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('product_id', coalesce(d.product_id, 0), 'product_name', d.product_name,
                                        'quantity', -d.quantity, 'revenue', -d.total_price))
      INTO changes
      FROM old_items d JOIN orders o ON o.id = d.order_id
     WHERE o.status <> 'annulée';
  ELSE
    SELECT jsonb_agg(c)
      INTO changes
      FROM (
        SELECT jsonb_build_object('product_id', coalesce(d.product_id, 0), 'product_name', d.product_name,
                                  'quantity', -d.quantity, 'revenue', -d.total_price) AS c
          FROM old_items d JOIN orders o ON o.id = d.order_id
         WHERE o.status <> 'annulée'
        UNION ALL
        SELECT jsonb_build_object('product_id', coalesce(n.product_id, 0), 'product_name', n.product_name,
                                  'quantity', n.quantity, 'revenue', n.total_price)
          FROM new_items n JOIN orders o ON o.id = n.order_id
         WHERE o.status <> 'annulée'
      ) AS both_sides;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM product_sales_apply(changes);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE TRIGGER product_sales_items_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION product_sales_items_changed();--> statement-breakpoint
CREATE TRIGGER product_sales_items_deleted AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION product_sales_items_changed();--> statement-breakpoint
CREATE TRIGGER product_sales_items_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION product_sales_items_changed();--> statement-breakpoint

-- An order cancelled takes its articles out; one taken out of 'annulée' puts them back.
CREATE FUNCTION product_sales_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object(
           'product_id', coalesce(i.product_id, 0), 'product_name', i.product_name,
           'quantity', CASE WHEN n.status = 'annulée' THEN -i.quantity ELSE i.quantity END,
           'revenue', CASE WHEN n.status = 'annulée' THEN -i.total_price ELSE i.total_price END))
    INTO changes
    FROM old_orders d
    JOIN new_orders n ON n.id = d.id
    JOIN order_items i ON i.order_id = n.id
   WHERE (d.status = 'annulée') <> (n.status = 'annulée');
  IF changes IS NOT NULL THEN
    PERFORM product_sales_apply(changes);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE TRIGGER product_sales_orders_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION product_sales_orders_changed();--> statement-breakpoint

-- An order deleted takes its articles out before they go with it (their own trigger then finds
-- no order and counts nothing twice).
CREATE FUNCTION product_sales_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF OLD.status <> 'annulée' THEN
    SELECT jsonb_agg(jsonb_build_object('product_id', coalesce(i.product_id, 0), 'product_name', i.product_name,
                                        'quantity', -i.quantity, 'revenue', -i.total_price))
      INTO changes
      FROM order_items i
     WHERE i.order_id = OLD.id;
    IF changes IS NOT NULL THEN
      PERFORM product_sales_apply(changes);
    END IF;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint

CREATE TRIGGER product_sales_order_deleted BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION product_sales_order_deleted();--> statement-breakpoint

-- The orders placed before this migration.
INSERT INTO product_sales (product_id, product_name, quantity, revenue)
SELECT coalesce(i.product_id, 0), i.product_name, sum(i.quantity), sum(i.total_price)
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE o.status <> 'annulée'
 GROUP BY 1, 2;
