import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "backups/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Actions read their form with readForm, which refuses a body that is no form, and NUL bytes.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message: "Read the form with readForm (app/server/core/form.server.ts): it refuses a body that is no form, and NUL bytes.",
        },
      ],
    },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: { Blob: "readonly", Buffer: "readonly", URL: "readonly", console: "readonly", process: "readonly" } },
  },
);
