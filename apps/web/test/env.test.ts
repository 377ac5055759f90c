import { describe, expect, it } from "vitest";

import { readEnv } from "@/env";

describe("readEnv", () => {
  it("defaults TOLK_PUBLIC_URL to the port the server listens on; an explicit value wins", () => {
    expect(readEnv({}).TOLK_PUBLIC_URL).toBe("http://localhost:3000");
    expect(readEnv({ PORT: "3900" }).TOLK_PUBLIC_URL).toBe("http://localhost:3900");
    expect(readEnv({ PORT: "3900", TOLK_PUBLIC_URL: "https://tolk.example.com" }).TOLK_PUBLIC_URL).toBe(
      "https://tolk.example.com",
    );
  });

  it("validates the observability and shutdown variables", () => {
    expect(readEnv({})).toMatchObject({
      TOLK_LOG_LEVEL: "info",
      TOLK_LOG_FORMAT: "json",
      TOLK_SHUTDOWN_GRACE_S: 25,
      TOLK_SHUTDOWN_DRAIN_S: 3,
    });
    expect(() => readEnv({ TOLK_LOG_LEVEL: "loud" })).toThrow(/TOLK_LOG_LEVEL/);
    expect(() => readEnv({ TOLK_METRICS_TOKEN: "short" })).toThrow(
      /TOLK_METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
