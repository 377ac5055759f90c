-- Any change that can alter who a credential authenticates as (a revoked or re-scoped key, a
-- plan change, an owner change) notifies listeners, so an instance that caches principals
-- evicts them at commit. Custom migration: drizzle-kit does not model triggers.
CREATE FUNCTION tolk_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tolk_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_changed AFTER UPDATE OF revoked_at, scopes, org_id, key_hash OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION tolk_notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_auth_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION tolk_notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION tolk_notify_auth_changed();
