import { type Envelope, type ListParams, type Page } from "./types";

/**
 * Every item of a cursor-paginated list, fetching the next page (`starting_after` the last id)
 * only when the items before are consumed:
 * `for await (const g of paginate((p) => tolk.listGlossaries(p))) …`
 */
export async function* paginate<T extends { id: string }>(
  listPage: (params: ListParams) => Promise<Envelope<Page<T>>>,
  params: ListParams = {},
): AsyncGenerator<T, void, undefined> {
  let cursor = params.starting_after;
  for (;;) {
    const page = (await listPage({ ...params, starting_after: cursor })).data;
    yield* page.items;
    const last = page.items.at(-1);
    if (!page.has_more || last === undefined) return;
    cursor = last.id;
  }
}
