import { updateBrandVoiceRequest } from "@tolk/contract";
import { deleteBrandVoice, getBrandVoice, updateBrandVoice } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    handler: async (input) => ({ data: await getBrandVoice(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") }) }),
  },
  PATCH: {
    scopes: ["write"],
    handler: async (input) => ({
      data: await updateBrandVoice(input.app.domain, {
        orgId: input.principal.org.id,
        id: pathParam(input, "id"),
        request: input.body(updateBrandVoiceRequest),
      }),
    }),
  },
  DELETE: {
    scopes: ["write"],
    handler: async (input) => ({ data: await deleteBrandVoice(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") }) }),
  },
});
