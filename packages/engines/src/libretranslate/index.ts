export { createLibreTranslateEngine, type LibreTranslateOptions } from "./engine";
