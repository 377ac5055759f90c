export { appRouter, type AppRouter } from "./root";
export { type ConsoleContext, createCallerFactory, createConsoleContext } from "./trpc";
