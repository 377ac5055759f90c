export { default } from "@tolk/eslint-config";
