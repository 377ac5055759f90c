-- Any change that can alter who a credential authenticates as (a revoked or re-scoped key, a
-- plan change, an owner change) notifies listeners, so an instance that caches principals
-- evicts them at commit. The triggers that call it are in migration 0001.
CREATE OR REPLACE FUNCTION tolk_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tolk_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
