-- The dashboard (docs/decisions/0021-dashboard.md), read from this index alone on a
-- large shop: the orders of each status and their amounts (the 'Commandes' and 'Chiffre
-- d'Affaires' cards, the orders by status), and the ids of the cancelled orders, whose items the
-- most ordered products leave out. Hand-written: drizzle's schema cannot say INCLUDE.
CREATE INDEX orders_status_id_idx ON orders USING btree (status, id) INCLUDE (total_amount);
