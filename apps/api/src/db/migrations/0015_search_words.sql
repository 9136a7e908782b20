-- Search relevance without computing word_similarity over every name that matches
-- (docs/decisions/0024). A search ranks the names that begin with its words, then those with a
-- word beginning with them, then those containing them, each tier in the shop's order; only the
-- products found otherwise (description, category, a typo) are ranked by similarity.
-- The name's words, each after one space ("creme a l'argan" is " creme a l argan"): a word of the
-- name begins with the search when this column is `like '% argan%'`, which its trigram index
-- answers even for two letters (trigrams '  a' and ' ar'), where `like '%ar%'` has none to ask.
-- `[:alnum:]` follows the database's locale: under PGlite's C locale only ASCII letters and
-- digits are a word's, so a letter folding keeps (ŋ, Arabic) separates words there.
ALTER TABLE products ADD COLUMN name_words text
  GENERATED ALWAYS AS (' ' || regexp_replace(f_fold(name), '[^[:alnum:]]+', ' ', 'g')) STORED;--> statement-breakpoint
-- GiST rather than GIN trigram indexes on the names: the planner prices a GIN scan above reading
-- the whole table, which then computed word_similarity or a LIKE on each of 20 000 names
-- (80 ms for a typo); a GiST scan it prices right, and it also answers the typo test (`<%`).
DROP INDEX products_name_folded_trgm_idx;--> statement-breakpoint
CREATE INDEX products_name_folded_trgm_idx ON products USING gist (name_folded gist_trgm_ops);--> statement-breakpoint
CREATE INDEX products_name_words_trgm_idx ON products USING gist (name_words gist_trgm_ops);--> statement-breakpoint
-- A LIKE's selectivity is read from the column's histogram as a sample: 100 names told a word
-- that 500 of 20 000 names contain from one none does, and planned a join for 2 rows.
ALTER TABLE products ALTER COLUMN name_folded SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE products ALTER COLUMN name_words SET STATISTICS 1000;--> statement-breakpoint
-- The new column's statistics, and the larger samples, now: PGlite runs no autovacuum.
ANALYZE products;
