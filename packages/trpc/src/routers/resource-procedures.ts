import { type ListQuery, type Page } from "@tolk/contract";
import { type DomainContext, type PrincipalOrg } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure } from "../trpc";
import { CONSOLE_LIST_LIMIT, importForm, importedFile } from "./resource-files";

/**
 * The console's procedures of a resource kind (glossaries, memories, brand voices), built from
 * the kind's /v1 use cases: members manage resources, as they translate with them. Each
 * procedure takes `{ id }` (and what it needs besides) and hands the use case the organization.
 */

type UseCase<Options, Result> = (ctx: DomainContext, options: Options) => Promise<Result>;
type Deleted = { id: string; deleted: true };
/** The options a use case of one resource's contents gets: the organization and the resource (`glossaryId: …`). */
type In<Parent extends string> = { orgId: string } & Record<Parent, string>;

const member = () => orgProcedure("member");
const id = z.object({ id: z.string().min(1) });
const ids = <Key extends string>(key: Key) => id.extend({ [key]: z.string().min(1) } as Record<Key, z.ZodString>);
/**
 * A procedure's input as its schema parsed it. Within these generic builders TypeScript cannot
 * resolve zod's inferred type of a schema that is a type parameter; at the routers it can.
 */
const parsed = <T>(input: unknown) => input as T;

/** `list` (the console's one page), `create` and `delete`: what every kind's router has. */
export function resourceProcedures<Request extends z.ZodType, Item, Created>(kind: {
  list: UseCase<{ orgId: string; query: ListQuery }, Page<Item>>;
  createRequest: Request;
  create: UseCase<{ org: PrincipalOrg; request: z.output<Request> }, Created>;
  delete: UseCase<{ orgId: string; id: string }, Deleted>;
}) {
  return {
    list: member().query(({ ctx }) =>
      kind.list(ctx.domain, { orgId: ctx.membership.org.id, query: { limit: CONSOLE_LIST_LIMIT } }),
    ),
    create: member()
      .input(kind.createRequest)
      .mutation(({ ctx, input }) =>
        kind.create(ctx.domain, { org: ctx.membership.org, request: parsed<z.output<Request>>(input) }),
      ),
    delete: member()
      .input(id)
      .mutation(({ ctx, input }) => kind.delete(ctx.domain, { orgId: ctx.membership.org.id, id: input.id })),
  };
}

/** Changes one resource: `{ id, request }` (a glossary's rename, a brand voice's fields). */
export function updateProcedure<Request extends z.ZodType, Updated>(
  request: Request,
  update: UseCase<{ orgId: string; id: string; request: z.output<Request> }, Updated>,
) {
  return member()
    .input(id.extend({ request }))
    .mutation(({ ctx, input }) => {
      const { id, request } = parsed<{ id: string; request: z.output<Request> }>(input);
      return update(ctx.domain, { orgId: ctx.membership.org.id, id, request });
    });
}

/**
 * A resource's contents, a glossary's entries or a memory's units: `list` (a page after
 * `startingAfter`), `add` (`{ id, request }`) and `remove` (`{ id, [item]: … }`). `parent` and
 * `item` are the names the use cases give the resource's id and the entry's.
 */
export function contentProcedures<Parent extends string, Item extends string, Request extends z.ZodType, Row, Added>(
  keys: { parent: Parent; item: Item },
  uses: {
    list: UseCase<In<Parent> & { query: ListQuery }, Page<Row>>;
    addRequest: Request;
    add: UseCase<In<Parent> & { request: z.output<Request> }, Added>;
    remove: UseCase<In<Parent> & Record<Item, string>, Deleted>;
  },
) {
  const of = (orgId: string, parentId: string) => ({ orgId, [keys.parent]: parentId }) as In<Parent>;
  return {
    list: member()
      .input(id.extend({ startingAfter: z.string().min(1).optional() }))
      .query(({ ctx, input }) =>
        uses.list(ctx.domain, {
          ...of(ctx.membership.org.id, input.id),
          query: { limit: CONSOLE_LIST_LIMIT, starting_after: input.startingAfter },
        }),
      ),
    add: member()
      .input(id.extend({ request: uses.addRequest }))
      .mutation(({ ctx, input }) => {
        const { id, request } = parsed<{ id: string; request: z.output<Request> }>(input);
        return uses.add(ctx.domain, { ...of(ctx.membership.org.id, id), request });
      }),
    remove: member()
      .input(ids(keys.item))
      .mutation(({ ctx, input }) => {
        // The schema keeps `id` and the item's key only: the rest is `{ [item]: … }`.
        const { id, ...item } = parsed<{ id: string } & Record<Item, string>>(input);
        return uses.remove(ctx.domain, { ...of(ctx.membership.org.id, id), ...parsed<Record<Item, string>>(item) });
      }),
  };
}

/**
 * `import` (multipart form data: `id`, `file`, and `format` when the name does not say it) and
 * `export` (`{ id }` and what `exportInput` adds, a format for instance) of one resource.
 */
export function fileProcedures<Parent extends string, Extra extends z.ZodRawShape, Imported, Exported>(
  parent: Parent,
  uses: {
    import: UseCase<In<Parent> & { format: string; content: Uint8Array }, Imported>;
    export: UseCase<In<Parent> & z.output<z.ZodObject<Extra>>, Exported>;
    exportInput: Extra;
  },
) {
  const of = (orgId: string, parentId: string) => ({ orgId, [parent]: parentId }) as In<Parent>;
  return {
    import: member()
      .input(importForm)
      .mutation(async ({ ctx, input }) => {
        const file = await importedFile(input);
        return uses.import(ctx.domain, {
          ...of(ctx.membership.org.id, file.id),
          format: file.format,
          content: file.content,
        });
      }),
    export: member()
      .input(id.extend(uses.exportInput))
      .query(({ ctx, input }) => {
        const { id, ...extra } = parsed<{ id: string } & z.output<z.ZodObject<Extra>>>(input);
        return uses.export(ctx.domain, {
          ...(extra as z.output<z.ZodObject<Extra>>),
          ...of(ctx.membership.org.id, id),
        });
      }),
  };
}
