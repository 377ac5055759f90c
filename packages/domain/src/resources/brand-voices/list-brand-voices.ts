import { type BrandVoiceView, type ListQuery, type Page } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { listOwned } from "../shared/owned-resource";
import { brandVoiceKind } from "./brand-voice-view";

/** GET /v1/brand-voices. */
export function listBrandVoices(
  ctx: DomainContext,
  options: { orgId: string; query: ListQuery },
): Promise<Page<BrandVoiceView>> {
  return listOwned(ctx, brandVoiceKind, options);
}
