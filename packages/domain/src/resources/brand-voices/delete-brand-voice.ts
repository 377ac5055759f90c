import { type DomainContext } from "../../context";
import { deleteOwned } from "../shared/owned-resource";
import { brandVoiceKind } from "./brand-voice-view";

/** DELETE /v1/brand-voices/{id}. */
export function deleteBrandVoice(
  ctx: DomainContext,
  options: { orgId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(ctx, brandVoiceKind, options);
}
