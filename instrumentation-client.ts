/**
 * Runs in the browser before any of the app's own modules. Zod 4 builds fast object parsers with
 * `Function(...)` where it may, and finds out by calling `Function("")` once, when the first schema is
 * created. The site's Content-Security-Policy allows no `'unsafe-eval'`, so that probe is refused and
 * reported as a CSP violation (a console error on every page). `jitless` skips the probe and the
 * compiled parsers; parsing a few API responses in the browser gains nothing from them. The server
 * (no CSP there) keeps them.
 *
 * `config` comes from zod's core entry, not from `z`: this file runs on every page, and importing the
 * `z` namespace put the whole of zod (~32 KiB gzip) into every page's first load, pages that never
 * parse anything included. The setting is zod's one global configuration, so the schemas that pages
 * load later see it.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
