import { operations } from "@tolk/contract";
import { deleteGlossaryEntry } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.deleteGlossaryEntry, async ({ app, principal, path }) => ({
    data: await deleteGlossaryEntry(app.domain, {
      orgId: principal.org.id,
      glossaryId: path.id,
      entryId: path.entry_id,
    }),
  })),
);
