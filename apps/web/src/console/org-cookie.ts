/** The organization the switcher chose. Only a preference: the server checks membership on every call. */
export const ORG_COOKIE = "tolk_org";
