CREATE TABLE "product_sales" (
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_product_id_product_name_pk" PRIMARY KEY("product_id","product_name")
);
