-- Searches at catalogue scale (docs/decisions/0024). A search used to fold (f_fold:
-- unaccent, then lower) the name and description of every product, and its category's and
-- parent's names, on each row of each search: about 80 µs a row, most of a search's time, and
-- no index could serve it. The folded texts are now stored beside the originals, kept in step by
-- PostgreSQL itself (generated columns: no writer can forget them), and searched through trigram
-- indexes: `like '%savon%'` on a name or a description, and the typo tolerance (`<%`, the
-- index's form of word_similarity) on a name. Category names are few: their folded column needs no
-- trigram index, a search reads them all.
ALTER TABLE products ADD COLUMN name_folded text GENERATED ALWAYS AS (f_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE products ADD COLUMN description_folded text GENERATED ALWAYS AS (f_fold(description)) STORED;--> statement-breakpoint
ALTER TABLE categories ADD COLUMN name_folded text GENERATED ALWAYS AS (f_fold(name)) STORED;--> statement-breakpoint
-- The expression indexes of 0001 served f_fold(name), which searches and sorts no longer compute.
DROP INDEX products_name_fold_trgm_idx;--> statement-breakpoint
DROP INDEX categories_name_fold_trgm_idx;--> statement-breakpoint
DROP INDEX products_name_fold_idx;--> statement-breakpoint
CREATE INDEX products_name_folded_trgm_idx ON products USING gin (name_folded gin_trgm_ops);--> statement-breakpoint
CREATE INDEX products_description_folded_trgm_idx ON products USING gin (description_folded gin_trgm_ops);--> statement-breakpoint
-- The sort by name (the folded name is the collation-independent French sort key), as before.
CREATE INDEX products_name_folded_idx ON products (name_folded);
--> statement-breakpoint
-- A search suggestion's best names begin with the words (catalog repository, findSuggestedProducts):
-- `name_folded like 'sav%'` as a range of this index, whatever the database's collation.
CREATE INDEX products_name_folded_prefix_idx ON products (name_folded text_pattern_ops);
