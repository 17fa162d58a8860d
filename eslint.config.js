import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The layers of docs/architecture.md ("Layers"): arrows point down only. Each block below names what
// one layer may not import and what to do instead. A file matched by several blocks takes the last
// one's list, so every list starts with the rule shared by all: no "../" that could walk around them.
const fromTheRoot = {
  regex: "^\\.\\./",
  message: "Import from the project root (#app/…, #server/…, #database/…); ./… is for a file's neighbours in its own folder.",
};
const noServer = {
  regex: "^#server/",
  message: "server/ (HTTP) is the top layer and imports the app, never the other way: pass what you need in from server/ (the load context), or move it down.",
};
const noStart = {
  regex: "^#app/server/start/",
  message:
    "The start-up wiring is called by server/main.ts, commands and tests only: hand what a feature needs into it from there (as services, or an argument).",
};
const noRoutes = {
  regex: "^#app/(routes/|root$|entry\\.(server|client)$)",
  message: "Routes, root.tsx and the entries sit above: move what is shared into a feature (app/server/<feature>/), a component or app/lib.",
};
const noComponents = {
  regex: "^#app/components/",
  message: "Components belong to the routes: return data, and let a route render it with the component.",
};
const noBrowserScripts = {
  regex: "^#app/(reader-script|offline)/",
  message: "The reader script and the service worker are bundled on their own for the browser: share code through app/lib instead.",
};
const noFeature = (layer) => ({
  regex: "^#app/server/(?!core/|db/)",
  message: `${layer} sits below the features (app/server/<feature>/): move the shared piece down into ${layer}, or have the start-up wiring (app/server/start/) hand it in.`,
});
const noAdminScreens = {
  regex: "^#app/server/admin/",
  message:
    "app/server/admin/ assembles the admin screens from the features, above them: move what a feature needs (a date stamp, a search box's text) into app/server/core or app/lib.",
};
const noDemo = {
  regex: "^#app/server/demo/",
  message: "The demo content is loaded by the start-up wiring and sits above the features: move what a feature needs out of demo/ (into media/, say).",
};
const noDatabaseFromRoutes = {
  regex: "^((#app|\\.)/server/db/(?!keyset\\.server$)|#database/|drizzle-orm)",
  message: "Routes reach the database only through a feature: call a function of app/server/<feature>/ (add one there).",
};
const noRootModule = { regex: "^#app/root$", message: "Read the root route's data with useRootData (#app/lib/root-data)." };

const restrict = (...patterns) => ["error", { patterns: [fromTheRoot, ...patterns] }];

/** A query written in a route module: `db.select(…)`, `services().db.insert(…)`, `db.query.…`. */
const queryMethod = "/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|transaction|query|\\$count|\\$with|with)$/";
const queryInRoute = "Routes reach the database only through a feature: move the query into a function of app/server/<feature>/ and call it.";

/**
 * Colour comes from the roles themed in app/app.css (`bg-card`, `text-muted-foreground`,
 * `text-destructive`, …), which follow the theme by themselves: a palette step (`text-slate-600`)
 * or a dark: colour written in a class name is refused.
 */
const colourUtility = "(?:bg|text|border(?:-[trblxy])?|ring|outline|divide|from|via|to|fill|stroke|accent|caret|decoration|placeholder)";
const paletteClass = `/(?:^|[\\s:])${colourUtility}-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-[0-9]/`;
const darkColourClass = `/(?:^|\\s)dark:(?:[a-z-]+:)*${colourUtility}-/`;
const paletteMessage =
  "Colour through the roles themed in app/app.css (bg-card, text-muted-foreground, border-border, text-destructive, bg-success-soft, …), not a palette step or a dark: colour.";
const rawColour = [paletteClass, darkColourClass].flatMap((pattern) => [
  { selector: `Literal[value=${pattern}]`, message: paletteMessage },
  { selector: `TemplateElement[value.raw=${pattern}]`, message: paletteMessage },
]);

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
  { files: ["**/*.{ts,tsx,mts,mjs,js}"], rules: { "no-restricted-imports": restrict() } },
  {
    // app/lib: shared by the browser and the server, at the bottom.
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(#app/(server|routes|components|reader-script|offline)/|#app/(root|entry\\.(server|client))$|#server/|#database/|drizzle-orm)",
        message:
          "app/lib is shared by the browser and the server and imports nothing above it: pass the value in as an argument, or move the piece into app/lib.",
      }),
    },
  },
  {
    // Code bundled on its own for the browser: the reader script of reader pages, the service worker.
    files: ["app/reader-script/**", "app/offline/**"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(#(?!app/lib/)|drizzle-orm)",
        message: "The reader script and the service worker import only app/lib (#app/lib/…): put what they share with the React app there.",
      }),
    },
  },
  {
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": restrict(
        noRootModule,
        { regex: "^#app/(routes/|entry\\.(server|client)$)", message: "Components sit below the routes: move what is shared into a component or app/lib." },
        {
          regex: "^(#app/server/|#database/|drizzle-orm)",
          message: "Components render what they are given: let the route's loader call the feature and pass the data in as props.",
        },
        noBrowserScripts,
        noServer,
      ),
    },
  },
  {
    // Route modules, with root.tsx and the entries that sit beside them.
    files: ["app/routes/**", "app/root.tsx", "app/entry.server.tsx", "app/entry.client.tsx", "app/routes.ts"],
    rules: {
      "no-restricted-imports": restrict(noDatabaseFromRoutes, noRootModule, noStart, noServer),
    },
  },
  { files: ["app/**/*.{ts,tsx}"], rules: { "no-restricted-syntax": ["error", ...rawColour] } },
  {
    // Listing rawColour again: the last block's list is the one a route module gets.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...rawColour,
        {
          // Actions read their form with readForm, which refuses a body that is no form, and NUL bytes.
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message: "Read the form with readForm (app/server/core/form.server.ts): it refuses a body that is no form, and NUL bytes.",
        },
        { selector: `MemberExpression[object.name='db'][property.name=${queryMethod}]`, message: queryInRoute },
        { selector: `MemberExpression[object.property.name='db'][property.name=${queryMethod}]`, message: queryInRoute },
      ],
    },
  },
  {
    // The features (app/server/<feature>/): below the routes and server/, above core and db. Between
    // features, scripts/check-feature-imports.mjs (in npm run lint) keeps every arrow one way.
    files: ["app/server/**"],
    ignores: ["app/server/core/**", "app/server/db/**", "app/server/start/**", "app/server/admin/**", "app/server/demo/**"],
    rules: {
      "no-restricted-imports": restrict(noAdminScreens, noDemo, noRoutes, noComponents, noBrowserScripts, noStart, noServer),
    },
  },
  {
    // The admin screens' server side and the demo content: above the features they use.
    files: ["app/server/admin/**", "app/server/demo/**"],
    rules: {
      "no-restricted-imports": restrict(noRoutes, noComponents, noBrowserScripts, noStart, noServer),
    },
  },
  {
    // The start-up wiring: above the features, below server/.
    files: ["app/server/start/**"],
    rules: {
      "no-restricted-imports": restrict(noRoutes, noComponents, noBrowserScripts, noServer),
    },
  },
  {
    files: ["app/server/core/**"],
    rules: {
      "no-restricted-imports": restrict(noFeature("core"), noRoutes, noComponents, noBrowserScripts, noServer),
    },
  },
  {
    files: ["app/server/db/**"],
    rules: {
      "no-restricted-imports": restrict(
        {
          regex: "^#app/server/(?!db/)",
          message:
            "The database layer imports only database/ and app/lib: hand in what it needs from above (as the start-up wiring hands the cursor secret to keyset.server.ts).",
        },
        noRoutes,
        noComponents,
        noBrowserScripts,
        noServer,
      ),
    },
  },
  {
    files: ["database/**"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^#(app|server)/",
        message: "database/ (schema, migrations, demo data, paths) is the bottom layer: it imports nothing of the app.",
      }),
    },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: { Blob: "readonly", Buffer: "readonly", URL: "readonly", console: "readonly", process: "readonly" } },
  },
);
