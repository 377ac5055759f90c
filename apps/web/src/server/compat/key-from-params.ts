import { type Params } from "./params";

/**
 * An API key sent in the request instead of an Authorization header (DeepL's legacy `auth_key`,
 * LibreTranslate's `api_key`), as the Authorization value the pipeline authenticates with.
 * A body that cannot be read as parameters carries no key: the request is then unauthenticated.
 */
export async function keyFromParams(read: () => Promise<Params>, names: readonly string[]): Promise<string | null> {
  let params: Params;
  try {
    params = await read();
  } catch {
    return null;
  }
  for (const name of names) {
    const key = params.all(name)[0]?.trim();
    if (key) return `Bearer ${key}`;
  }
  return null;
}
