// One flat config for every package: type-checked rules, type-only imports kept apart,
// and no non-null assertions (narrow instead).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** No package or app imports an app: what two of them share lives in a package (docs/architecture.md). */
export const noAppImports = {
  group: ["@tolk/web", "@tolk/web/*", "@tolk/cli", "@tolk/cli/*"],
  message:
    "Apps are entry points, never imported: share through @tolk/platform or @tolk/domain (docs/architecture.md).",
};

export default tseslint.config(
  { ignores: ["**/.next/**", "**/dist/**", "**/node_modules/**", "**/drizzle/**", "**/*.config.*", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/only-throw-error": "off",
      "no-restricted-imports": ["error", { patterns: [noAppImports] }],
    },
  },
  {
    // CommonJS preloads (--require) are plain JavaScript outside every tsconfig.
    files: ["**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // ES module scripts node runs as they are (apps/web/server.mjs): plain JavaScript outside every tsconfig.
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
  {
    // Asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by vitest.
    files: ["**/test/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
);
