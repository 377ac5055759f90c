import { AsyncLocalStorage } from "node:async_hooks";

import { type DatabaseHandle } from "@tolk/db";
import { type ServerServices, createServerServices } from "@tolk/platform";

import { type Env, readEnv } from "../env";

/** Everything a request needs, built once per process by the composition root (@tolk/platform). */
export type AppContext = ServerServices;

export function createAppContext(env: Env, database?: DatabaseHandle): Promise<AppContext> {
  return createServerServices(env, database);
}

// One context per process, kept on globalThis so dev-mode module reloads reuse it instead of
// opening the embedded database a second time.
const holder = globalThis as typeof globalThis & { __tolkApp?: Promise<AppContext> };

// A context that answers for the code run inside runWithAppContext, whatever the process's is.
const scoped = new AsyncLocalStorage<Promise<AppContext>>();

export function getAppContext(): Promise<AppContext> {
  const inScope = scoped.getStore();
  if (inScope) return inScope;
  holder.__tolkApp ??= createAppContext(readEnv()).catch((err: unknown) => {
    holder.__tolkApp = undefined;
    throw err;
  });
  return holder.__tolkApp;
}

/** The context if one was made or is being made; never starts one (work after a request, e.g. its log line). */
export function existingAppContext(): Promise<AppContext> | undefined {
  return scoped.getStore() ?? holder.__tolkApp;
}

/**
 * Runs `fn` (a request's handler) against `app` instead of the process's context: tests serve
 * a second Tolk instance, with engines of its own, from the same process (an upstream DeepL).
 */
export function runWithAppContext<T>(app: AppContext, fn: () => T): T {
  return scoped.run(Promise.resolve(app), fn);
}

/** Tests install their own context (a fresh database per test file). */
export function setAppContext(app: AppContext | undefined): void {
  holder.__tolkApp = app ? Promise.resolve(app) : undefined;
}
