-- Every change a customer could see in the catalogue is announced by the database itself on the
-- channel 'souk_catalog', so no writer can forget to invalidate a cache: the back office, a stock
-- change from an order or a cancellation, seeds, a bulk creation, a migration (docs/decisions/0023).
-- The payload is what changed, for the caches to drop only what it affects:
--   'product:<id>'  one product's stock, as orders and cancellations change it;
--   'catalog'       anything else about products, variants, media or categories;
--   'banners'       the home page's banners.
-- NOTIFY is sent at commit (never for a rolled-back change) and folds identical payloads of one
-- transaction into one: a bulk creation of 50 products is one 'catalog'.

CREATE FUNCTION souk_notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('souk_catalog', TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- A variant whose stock alone changed (an order, a cancellation) concerns its product only; any
-- other change to a variant (its price, name, status; one added or removed) is the catalogue's.
CREATE FUNCTION souk_notify_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - 'stock_quantity' - 'updated_at') = (to_jsonb(OLD) - 'stock_quantity' - 'updated_at') THEN
    PERFORM pg_notify('souk_catalog', 'product:' || NEW.product_id);
  ELSE
    PERFORM pg_notify('souk_catalog', 'catalog');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- A video being converted is not shown: its progress (many updates) changes nothing a customer sees.
CREATE FUNCTION souk_notify_media() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status <> 'ready' AND NEW.status <> 'ready' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' AND NEW.status <> 'ready' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('souk_catalog', 'catalog');
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION souk_notify_catalog('catalog');--> statement-breakpoint
CREATE TRIGGER products_truncate_notify AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION souk_notify_catalog('catalog');--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION souk_notify_catalog('catalog');--> statement-breakpoint
CREATE TRIGGER categories_truncate_notify AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION souk_notify_catalog('catalog');--> statement-breakpoint
CREATE TRIGGER product_variants_notify AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION souk_notify_variant();--> statement-breakpoint
CREATE TRIGGER product_variants_truncate_notify AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION souk_notify_catalog('catalog');--> statement-breakpoint
CREATE TRIGGER product_media_notify AFTER INSERT OR UPDATE OR DELETE ON product_media
  FOR EACH ROW EXECUTE FUNCTION souk_notify_media();--> statement-breakpoint
CREATE TRIGGER product_media_truncate_notify AFTER TRUNCATE ON product_media
  FOR EACH STATEMENT EXECUTE FUNCTION souk_notify_catalog('catalog');--> statement-breakpoint
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION souk_notify_catalog('banners');
