import { type PrincipalOrg } from "../auth/principal";
import { type TranslationServices } from "./translate-segments";

/** An organization's setting that defers to the deployment's TOLK_DEFAULT_SOURCE_LANG. */
export const DEPLOYMENT_DEFAULT = null;

/**
 * The source language taken for `org`'s texts that cannot be detected ("OK"): the
 * organization's own setting, else the deployment's; undefined ("none") makes them a 400.
 */
export function defaultSourceLangFor(
  services: Pick<TranslationServices, "defaultSourceLang">,
  org: Pick<PrincipalOrg, "defaultSourceLang">,
): string | undefined {
  if (org.defaultSourceLang === DEPLOYMENT_DEFAULT) return services.defaultSourceLang;
  return org.defaultSourceLang === "none" ? undefined : org.defaultSourceLang;
}
