#!/usr/bin/env node
/**
 * `npm run build:extension`: builds the extension for every browser now, whatever the stamps say, for
 * the server address `npm start` would use (VP_EXTENSION_SERVER_URL, BETTER_AUTH_URL or
 * http://localhost:PORT). The stamps it leaves let the next `npm start` skip the build.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildExtensionIfNeeded } from "./lib/build-extension-if-needed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.exit(buildExtensionIfNeeded(root, { force: true }).ok ? 0 : 1);
