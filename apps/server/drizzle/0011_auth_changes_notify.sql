-- Every change to what a request's actor is made of (sessions, users, brands, memberships,
-- brand restrictions) notifies 'hookline_auth' at commit: each API process listens and
-- forgets the actors it cached (modules/auth/actor-cache.ts), so a revoked session or a
-- changed role reaches every process at once. Statement-level: one notice per statement.
CREATE OR REPLACE FUNCTION hookline_notify_auth_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('hookline_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION hookline_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION hookline_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER brands_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION hookline_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER account_members_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_members"
  FOR EACH STATEMENT EXECUTE FUNCTION hookline_notify_auth_change();--> statement-breakpoint
CREATE TRIGGER member_brands_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "member_brands"
  FOR EACH STATEMENT EXECUTE FUNCTION hookline_notify_auth_change();
