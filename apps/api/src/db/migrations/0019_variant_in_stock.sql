-- "In stock" said once, as a column the database keeps: unlimited (null) or at least one unit left.
ALTER TABLE "product_variants" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS (stock_quantity is null or stock_quantity > 0) STORED NOT NULL;
