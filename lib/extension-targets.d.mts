/** Types of lib/extension-targets.mjs (plain JavaScript so that scripts/start.mjs can use it too). */
export declare const EXTENSION_TARGETS: {
  readonly chrome: { readonly dir: "chrome-mv3"; readonly label: "Chrome and Edge"; readonly file: "viewparty-extension-chrome.zip" };
  readonly firefox: { readonly dir: "firefox-mv3"; readonly label: "Firefox"; readonly file: "viewparty-extension-firefox.zip" };
};
export type ExtensionTarget = keyof typeof EXTENSION_TARGETS;
export declare function extensionOutDir(root: string, configured: string | undefined): string;
