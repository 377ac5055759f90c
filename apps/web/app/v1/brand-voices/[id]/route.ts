import { operations } from "@tolk/contract";
import { deleteBrandVoice, getBrandVoice, updateBrandVoice } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getBrandVoice, async ({ app, principal, path }) => ({
    data: await getBrandVoice(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
  serve(operations.updateBrandVoice, async ({ app, principal, path, body }) => ({
    data: await updateBrandVoice(app.domain, { orgId: principal.org.id, id: path.id, request: body() }),
  })),
  serve(operations.deleteBrandVoice, async ({ app, principal, path }) => ({
    data: await deleteBrandVoice(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
);
