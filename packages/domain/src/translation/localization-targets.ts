/** The languages the embedded engine serves from English: one localization table each, where catalogs exist. */
export const LOCALIZATION_TARGETS = ["an", "bs", "ca", "eo", "es", "fr", "gl", "hr", "it", "oc", "pt", "sc", "sl", "sr"] as const;
