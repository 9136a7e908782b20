-- Accent- and case-insensitive, typo-tolerant search for the search box (docs/decisions/0001).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE; this wrapper pins the dictionary so it can back expression indexes.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- The folded form of a text: lowercase, no accents. Also a collation-independent French sort key.
CREATE OR REPLACE FUNCTION f_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.f_unaccent($1)) $$;--> statement-breakpoint
CREATE INDEX products_name_fold_trgm_idx ON products USING gin (f_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX categories_name_fold_trgm_idx ON categories USING gin (f_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX products_name_fold_idx ON products (f_fold(name));
