import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The reader script (app/root.tsx imports it with ?worker&url) is built as one ES module file.
  worker: { format: "es" },
  ssr: {
    // Native and WASM packages load from node_modules at run time, never bundled.
    external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer", "pino", "fs-native-extensions"],
  },
});
