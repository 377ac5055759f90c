import { type BrandVoiceView } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { findBrandVoice, toBrandVoiceView } from "./brand-voice-view";

/** GET /v1/brand-voices/{id}. */
export async function getBrandVoice(ctx: DomainContext, options: { orgId: string; id: string }): Promise<BrandVoiceView> {
  return toBrandVoiceView(await findBrandVoice(ctx, options.orgId, options.id));
}
