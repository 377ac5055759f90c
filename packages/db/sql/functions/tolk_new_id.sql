-- Ids made in the database have the format of newId() in packages/db/src/ids.ts: a prefix,
-- '_' and 22 characters of [0-9A-Za-z]. Base64 of 48 random bytes with '+' and '/' dropped
-- leaves about 62 characters of that alphabet, of which the first 22 are kept.
CREATE OR REPLACE FUNCTION tolk_new_id(p_prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT p_prefix || '_' || substr(translate(encode(
    uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'),
    E'+/=\n', ''), 1, 22)
$$;
