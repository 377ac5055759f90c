import { type BrandVoiceView } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { getOwned } from "../shared/owned-resource";
import { brandVoiceKind } from "./brand-voice-view";

/** GET /v1/brand-voices/{id}. */
export function getBrandVoice(ctx: DomainContext, options: { orgId: string; id: string }): Promise<BrandVoiceView> {
  return getOwned(ctx, brandVoiceKind, options);
}
