/**
 * The ViewParty browser extension (WXT, Manifest V3) for Chrome/Edge (`chrome-mv3`) and Firefox
 * (`firefox-mv3`). The server/site origin is fixed at build time by VP_EXTENSION_SERVER_URL (default
 * http://localhost:3000) and kept in versioned storage, where the popup's settings can change it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "wxt";
import { buildManifest } from "./src/config/manifest";
import { normalizeServerUrl, originMatchPatterns } from "./src/config/server-url";

const serverUrl = normalizeServerUrl(process.env.VP_EXTENSION_SERVER_URL || "http://localhost:3000");
if (!serverUrl) throw new Error(`VP_EXTENSION_SERVER_URL must be an http(s) origin, got ${process.env.VP_EXTENSION_SERVER_URL}`);
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  // Explicit imports everywhere: the same modules compile under tsc, Jest and WXT.
  imports: false,
  // The repository root is the source root, so `@/` means the same here as in the site, tsc and Jest
  // (the extension imports lib/sync, lib/extension-bridge and lib/schemas unchanged).
  srcDir: "..",
  entrypointsDir: "extension/entrypoints",
  // A relative VP_EXTENSION_OUT_DIR is taken from the repository root, as the site reading the builds takes it.
  outDir: process.env.VP_EXTENSION_OUT_DIR ? path.resolve(process.env.VP_EXTENSION_OUT_DIR) : ".output",
  manifestVersion: 3,
  manifest: ({ browser }) => buildManifest({ browser, serverUrl, version: pkg.version }),
  hooks: {
    // The site bridge runs on the configured site only: its match pattern comes from the server URL.
    "build:manifestGenerated": (_wxt, manifest) => {
      manifest.content_scripts ??= [];
      manifest.content_scripts.push({ matches: originMatchPatterns(serverUrl), js: ["content-scripts/site.js"], run_at: "document_start" });
    },
  },
  vite: () => ({
    define: { __VP_SERVER_URL__: JSON.stringify(serverUrl) },
    build: {
      chunkSizeWarningLimit: 1000,
      rollupOptions: {
        onwarn(warning, warn) {
          // zod's sources carry explanatory comments next to @__PURE__ that Rollup cannot place; harmless.
          if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
          warn(warning);
        },
      },
    },
  }),
});
