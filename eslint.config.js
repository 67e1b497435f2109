import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Features talk to each other only through their index.ts; lib/ and ui/ never reach into features.
const featureBoundaries = {
  patterns: [
    {
      group: ["**/features/*/*", "!**/features/*/index", "!**/features/*/index.ts"],
      message: "Import another feature through its index.ts only.",
    },
  ],
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", "**/pb_data", "pb_hooks", "pb_migrations", "coverage", "test-results", "playwright-report", ".pb"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/features/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", featureBoundaries] },
  },
  {
    files: ["src/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/features/**", "**/app/**"], message: "ui/ does not depend on features or the app." }] },
      ],
    },
  },
  {
    files: ["src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/features/**", "**/app/**", "**/ui/**"], message: "lib/ is the bottom layer: it does not depend on ui, features or the app." }] },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
