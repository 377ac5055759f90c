ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "replaced_by" text;--> statement-breakpoint
-- Live keys that share a name (case-insensitively) in one organization: the oldest keeps it,
-- the others get the first free " (2)", " (3)", … so that the unique index below can be built.
DO $$
DECLARE
  dup record;
  n integer;
BEGIN
  FOR dup IN
    SELECT id, org_id, name FROM (
      SELECT id, org_id, name, row_number() OVER (PARTITION BY org_id, lower(name) ORDER BY created_at, id) AS rn
      FROM api_keys WHERE revoked_at IS NULL
    ) ranked
    WHERE rn > 1
    ORDER BY org_id, lower(name), rn
  LOOP
    n := 2;
    WHILE EXISTS (
      SELECT 1 FROM api_keys
      WHERE org_id = dup.org_id AND revoked_at IS NULL AND lower(name) = lower(dup.name || ' (' || n || ')')
    ) LOOP
      n := n + 1;
    END LOOP;
    UPDATE api_keys SET name = dup.name || ' (' || n || ')' WHERE id = dup.id;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_org_name_key" ON "api_keys" USING btree ("org_id",lower("name")) WHERE "api_keys"."revoked_at" is null and "api_keys"."replaced_by" is null;--> statement-breakpoint
-- Setting or moving an expiry (a rotation) changes what a key may do, as a revocation does:
-- instances that cache principals must evict them at commit. drizzle-kit does not model triggers.
DROP TRIGGER "api_keys_auth_changed" ON "api_keys";--> statement-breakpoint
CREATE TRIGGER api_keys_auth_changed AFTER UPDATE OF revoked_at, scopes, org_id, key_hash, expires_at OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION tolk_notify_auth_changed();
