import { describe, expect, it } from "vitest";

import { isSameOrigin } from "@/server/auth/same-origin";

const req = (headers: Record<string, string>) =>
  new Request("http://tolk.example/api/trpc/keys.create", { method: "POST", headers });

describe("console same-origin check", () => {
  it("admits the console's own pages and non-browser clients", () => {
    expect(
      isSameOrigin(req({ host: "tolk.example", origin: "http://tolk.example", "sec-fetch-site": "same-origin" })),
    ).toBe(true);
    expect(isSameOrigin(req({ host: "tolk.example" }))).toBe(true);
    expect(
      isSameOrigin(req({ host: "internal:3000", "x-forwarded-host": "tolk.example", origin: "https://tolk.example" })),
    ).toBe(true);
  });

  it("refuses other sites, sibling subdomains and garbage origins", () => {
    expect(isSameOrigin(req({ host: "tolk.example", origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(req({ host: "tolk.example", "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(
      isSameOrigin(req({ host: "tolk.example", "sec-fetch-site": "same-site", origin: "http://tolk.example" })),
    ).toBe(false);
    expect(isSameOrigin(req({ host: "tolk.example", origin: "null" }))).toBe(false);
  });
});
