CREATE TABLE "asset_tag_dismissals" (
	"asset_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_tag_dismissals_asset_id_tag_id_pk" PRIMARY KEY("asset_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "asset_tag_dismissals" ADD CONSTRAINT "asset_tag_dismissals_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_tag_dismissals" ADD CONSTRAINT "asset_tag_dismissals_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_tag_dismissals_tag_idx" ON "asset_tag_dismissals" USING btree ("tag_id");