/** The extension builds this server can hand out (made by `npm start` or `npm run build:extension`). */
import "server-only";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import { EXTENSION_TARGETS, extensionOutDir, type ExtensionTarget } from "@/lib/extension-targets.mjs";
import { getEnv } from "@/lib/server/env";

export { EXTENSION_TARGETS, type ExtensionTarget };

export function isExtensionTarget(value: string): value is ExtensionTarget {
  return Object.hasOwn(EXTENSION_TARGETS, value);
}

function buildDir(target: ExtensionTarget): string {
  return path.join(extensionOutDir(process.cwd(), getEnv().VP_EXTENSION_OUT_DIR), EXTENSION_TARGETS[target].dir);
}

export function hasExtensionBuild(target: ExtensionTarget): boolean {
  return existsSync(path.join(buildDir(target), "manifest.json"));
}

/** The build's version (from its manifest), or null when there is no build. */
export function extensionBuildVersion(target: ExtensionTarget): string | null {
  if (!hasExtensionBuild(target)) return null;
  try {
    return (JSON.parse(readFileSync(path.join(buildDir(target), "manifest.json"), "utf8")) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/**
 * The build as a zip whose files sit under a top folder named like the zip (what people unzip and
 * load unpacked). Made per request from the build folder, so a rebuilt extension is served at once.
 */
export function extensionBuildZip(target: ExtensionTarget): Uint8Array<ArrayBuffer> {
  const root = buildDir(target);
  const folder = (dir: string): Zippable => {
    const files: Zippable = {};
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) files[entry.name] = folder(full);
      else if (entry.isFile()) files[entry.name] = [readFileSync(full), { mtime: statSync(full).mtime }];
    }
    return files;
  };
  // fflate types its output loosely; it is always a fresh Uint8Array over a plain ArrayBuffer.
  return zipSync({ [EXTENSION_TARGETS[target].file.replace(/\.zip$/, "")]: folder(root) }) as Uint8Array<ArrayBuffer>;
}
