import { createBrandVoiceRequest, updateBrandVoiceRequest } from "@tolk/contract";
import { createBrandVoice, deleteBrandVoice, listBrandVoices, updateBrandVoice } from "@tolk/domain";

import { router } from "../trpc";
import { resourceProcedures, updateProcedure } from "./resource-procedures";

/** Brand voices, with the use cases of /v1/brand-voices; export is the JSON of one voice. */
export const brandVoicesRouter = router({
  ...resourceProcedures({
    list: listBrandVoices,
    createRequest: createBrandVoiceRequest,
    create: createBrandVoice,
    delete: deleteBrandVoice,
  }),
  update: updateProcedure(updateBrandVoiceRequest, updateBrandVoice),
});
