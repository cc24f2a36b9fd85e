// ESLint flat config: typescript-eslint's type-aware recommended rules over src, test and bench.
// Formatting is Prettier's (npm run format:check); nothing here argues with it.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Storage adapters and fakes implement async interfaces (grammY's StorageAdapter, the Bot API
      // transformer) with synchronous bodies: `async` is how they return a promise and turn a throw
      // into a rejection, so an async function without await is intended there.
      "@typescript-eslint/require-await": "off",
    },
  },
  { files: ["eslint.config.js"], ...tseslint.configs.disableTypeChecked },
);
