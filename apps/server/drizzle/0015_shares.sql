CREATE TABLE "share_mail_counts" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "share_mail_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "share_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"share_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_views" (
	"share_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_views_share_id_visitor_hash_pk" PRIMARY KEY("share_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"library" text NOT NULL,
	"scope" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid,
	"invitation_id" uuid,
	"email" text,
	"audience" text,
	"token_hmac" text,
	"token_sealed" text,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"downloads_allowed" boolean DEFAULT true NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"share_text" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "kind" text DEFAULT 'TEAM' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_mail_counts" ADD CONSTRAINT "share_mail_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_sessions" ADD CONSTRAINT "share_sessions_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_sessions_share_idx" ON "share_sessions" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_idx" ON "shares" USING btree ("token_hmac");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_public_idx" ON "shares" USING btree ("resource_id") WHERE "shares"."kind" = 'PUBLIC';--> statement-breakpoint
CREATE UNIQUE INDEX "shares_person_idx" ON "shares" USING btree ("resource_id","user_id") WHERE "shares"."kind" = 'PERSON' and "shares"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_invitation_idx" ON "shares" USING btree ("resource_id","invitation_id") WHERE "shares"."invitation_id" is not null;--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shares_brand_idx" ON "shares" USING btree ("brand_id");