/** The extension builds this server can hand out (made by `npm run build:extension`). */
import "server-only";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ZipEntry } from "./store-zip";

export const EXTENSION_TARGETS = {
  chrome: { dir: "chrome-mv3", label: "Chrome and Edge", file: "viewparty-extension-chrome.zip" },
  firefox: { dir: "firefox-mv3", label: "Firefox", file: "viewparty-extension-firefox.zip" },
} as const;
export type ExtensionTarget = keyof typeof EXTENSION_TARGETS;

export function isExtensionTarget(value: string): value is ExtensionTarget {
  return Object.hasOwn(EXTENSION_TARGETS, value);
}

function buildDir(target: ExtensionTarget): string {
  return path.join(process.cwd(), "extension", ".output", EXTENSION_TARGETS[target].dir);
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

/** Every file of the build, under a top folder named like the zip (what people unzip and load). */
export function extensionBuildEntries(target: ExtensionTarget): ZipEntry[] {
  const root = buildDir(target);
  const top = EXTENSION_TARGETS[target].file.replace(/\.zip$/, "");
  const entries: ZipEntry[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        entries.push({ name: `${top}/${path.relative(root, full).split(path.sep).join("/")}`, data: readFileSync(full), modified: statSync(full).mtime });
      }
    }
  };
  walk(root);
  return entries;
}
