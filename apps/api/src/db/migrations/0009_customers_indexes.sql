-- The back office's customers list (docs/decisions/0019): each sort is read in order
-- through an index ending with the id (the tie-break), so a page of 10 reads 10 accounts and their
-- orders instead of sorting every customer; 'contains' searches on the name (accents and case
-- aside), the e-mail and the phone go through trigram indexes, like the orders screen's.
CREATE INDEX users_created_id_idx ON users (created_at, id);--> statement-breakpoint
CREATE INDEX users_name_fold_id_idx ON users (f_fold(name), id);--> statement-breakpoint
CREATE INDEX users_email_id_idx ON users (email, id);--> statement-breakpoint
CREATE INDEX users_name_fold_trgm_idx ON users USING gin (f_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX users_email_lower_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX users_phone_trgm_idx ON users USING gin (whatsapp_phone gin_trgm_ops);
