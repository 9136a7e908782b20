-- The back office's order search: 'contains' on the client's name (accents and case
-- aside), the order number and the phone, each through a trigram index so a search over a large
-- shop reads the matching rows instead of folding every order's name (docs/decisions/0018).
CREATE INDEX orders_contact_name_fold_trgm_idx ON orders USING gin (f_fold(contact_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX orders_number_lower_trgm_idx ON orders USING gin (lower(order_number) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX orders_contact_phone_trgm_idx ON orders USING gin (contact_phone gin_trgm_ops);
