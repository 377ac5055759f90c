// The server's environment is read by the composition root (@tolk/platform), which builds the
// services from it; the app's modules import it from here.
export { oidcConfig, readServerEnv as readEnv, type ServerEnv as Env } from "@tolk/platform";
