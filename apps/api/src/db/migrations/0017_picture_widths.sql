-- The widths a category's or a banner's picture was written at, as product_media.widths records
-- them for product pictures (docs/decisions/0029): the pipeline now writes 160 and 480 as well, and
-- a picture stored before has 320, 640 and 1024 only. Empty: stored before this column, read as
-- the widths of that time (media.mapper.ts, storedWidths).
ALTER TABLE "banners" ADD COLUMN "image_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;
