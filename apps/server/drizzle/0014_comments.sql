CREATE TABLE "comment_reactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"comment_id" uuid NOT NULL,
	"user_id" uuid,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"asset_id" uuid,
	"parent_id" uuid,
	"user_id" uuid,
	"text" text NOT NULL,
	"start" real,
	"end" real,
	"annotation" jsonb,
	"pin" jsonb,
	"mention_user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"board_id" uuid,
	"video_ad_id" uuid,
	"version_id" uuid,
	"session_id" uuid,
	"take_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reactions_unique_idx" ON "comment_reactions" USING btree ("comment_id","user_id","emoji");--> statement-breakpoint
CREATE INDEX "comments_asset_idx" ON "comments" USING btree ("asset_id","created_at") WHERE "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_deleted_idx" ON "comments" USING btree ("deleted_at") WHERE "comments"."deleted_at" is not null;--> statement-breakpoint
-- Live comments: after a change to an item's comments or their reactions commits, every API
-- process hears the item's id (ids only: listeners refetch with their own access).
CREATE OR REPLACE FUNCTION hookline_notify_comments() RETURNS trigger AS $$
DECLARE
  item uuid;
BEGIN
  IF TG_TABLE_NAME = 'comments' THEN
    item := COALESCE(NEW.asset_id, OLD.asset_id);
  ELSE
    SELECT asset_id INTO item FROM comments WHERE id = COALESCE(NEW.comment_id, OLD.comment_id);
  END IF;
  IF item IS NOT NULL THEN
    PERFORM pg_notify('hookline_comments', item::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER comments_notify AFTER INSERT OR UPDATE OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION hookline_notify_comments();
--> statement-breakpoint
CREATE TRIGGER comment_reactions_notify AFTER INSERT OR DELETE ON comment_reactions
  FOR EACH ROW EXECUTE FUNCTION hookline_notify_comments();
