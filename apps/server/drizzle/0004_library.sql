CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_asset_id_pk" PRIMARY KEY("user_id","asset_id")
);
--> statement-breakpoint
DROP INDEX "assets_brand_parent_name_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_brand_idx" ON "favorites" USING btree ("user_id","brand_id","created_at");--> statement-breakpoint
CREATE INDEX "assets_list_name_idx" ON "assets" USING btree ("brand_id","parent_id",("type" <> 'FOLDER'),lower("name"),"id");--> statement-breakpoint
CREATE INDEX "assets_list_created_idx" ON "assets" USING btree ("brand_id","parent_id",("type" <> 'FOLDER'),"created_at","id");--> statement-breakpoint
CREATE INDEX "assets_list_size_idx" ON "assets" USING btree ("brand_id","parent_id",("type" <> 'FOLDER'),"size","id");--> statement-breakpoint
CREATE INDEX "assets_parent_idx" ON "assets" USING btree ("parent_id");