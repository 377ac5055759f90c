import { type Plan } from "@tolk/contract";
import { type Engine, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";
import { afterAll, beforeAll } from "vitest";

import { type DomainContext, type Principal } from "../src";
import { apiKeyPrincipal, useTestDb } from "./support";

/**
 * The translation tests' setup: one database and one real Apertium engine per test file, opened
 * before its tests and closed after them (starting Apertium costs seconds, so tests share it).
 */
export class ApertiumTestbed {
  /** What reached the engines wrapped by `counting`; tests reset it before they count. */
  readonly calls = { count: 0, segments: 0 };
  readonly #db = useTestDb({ realClock: true });
  #apertium: Engine | undefined;
  #requests = 0;

  constructor(private readonly options: { plan: Plan; requestPrefix: string }) {
    beforeAll(async () => {
      // No 503 for a pair still loading (10 s by default): a loaded machine can take longer,
      // and these tests are about what is translated (the engine's own tests cover the wait).
      this.#apertium = await createApertiumEngine({ poolSize: 2, startWaitMs: WAIT_UNTIL_LOADED_MS });
    });
    afterAll(() => this.#apertium?.close());
  }

  get ctx(): DomainContext {
    return this.#db.ctx;
  }

  get apertium(): Engine {
    if (!this.#apertium) throw new Error("the testbed opens in beforeAll");
    return this.#apertium;
  }

  /** `engine`, counting its calls and segments in `calls`. */
  counting(engine: Engine): Engine {
    return {
      name: engine.name,
      pairs: () => engine.pairs(),
      health: () => engine.health(),
      close: async () => {},
      addressLanguages: engine.addressLanguages?.bind(engine),
      setAddress: engine.setAddress?.bind(engine),
      translate: async (req) => {
        this.calls.count += 1;
        this.calls.segments += req.segments.length;
        return engine.translate(req);
      },
    };
  }

  /** An API-key principal of a new organization on `plan` (by default the testbed's). */
  principalFor(plan: Plan = this.options.plan, topUp?: number): Promise<Principal> {
    return apiKeyPrincipal(this.ctx, { plan, topUp });
  }

  /** A request id not used before in this file. */
  rid(): string {
    return `${this.options.requestPrefix}${++this.#requests}`;
  }
}
