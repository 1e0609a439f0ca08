CREATE TABLE "asset_field_values" (
	"asset_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"date_value" date,
	"option_ids" uuid[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_field_values_asset_id_field_id_pk" PRIMARY KEY("asset_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"required_on_upload" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD CONSTRAINT "asset_field_values_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD CONSTRAINT "asset_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_field_values_text_idx" ON "asset_field_values" USING btree ("field_id","text_value");--> statement-breakpoint
CREATE INDEX "asset_field_values_number_idx" ON "asset_field_values" USING btree ("field_id","number_value");--> statement-breakpoint
CREATE INDEX "asset_field_values_date_idx" ON "asset_field_values" USING btree ("field_id","date_value");--> statement-breakpoint
CREATE INDEX "asset_field_values_options_idx" ON "asset_field_values" USING gin ("option_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_brand_name_idx" ON "custom_fields" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_brand_position_idx" ON "custom_fields" USING btree ("brand_id","position");