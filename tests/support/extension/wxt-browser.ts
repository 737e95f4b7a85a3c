/**
 * What `@wxt-dev/browser` (the `browser` behind WXT's storage) resolves to in Jest: WXT's in-memory
 * fake (@webext-core/fake-browser), as WXT's own Vitest plugin does. Tests reset it with
 * `fakeBrowser.reset()`.
 */
export { fakeBrowser as browser } from "wxt/testing/fake-browser";
