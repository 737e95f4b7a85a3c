/** Types of scripts/lib/build-extension-if-needed.mjs (plain JavaScript: `npm start` runs it before any build). */
import type { ExtensionTarget } from "../../lib/extension-targets.mjs";

export declare function extensionServerUrl(env?: Record<string, string | undefined>): string;
export declare function buildExtensionIfNeeded(
  root: string,
  options?: { env?: Record<string, string | undefined>; force?: boolean },
): { ok: boolean; built: ExtensionTarget[]; failed: ExtensionTarget[] };
