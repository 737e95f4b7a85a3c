/**
 * Runs in the browser before any of the app's own modules. Zod 4 builds fast object parsers with
 * `Function(...)` where it may, and finds out by calling `Function("")` once, when the first schema is
 * created. The site's Content-Security-Policy allows no `'unsafe-eval'`, so that probe is refused and
 * reported as a CSP violation (a console error on every page). `jitless` skips the probe and the
 * compiled parsers; parsing a few API responses in the browser gains nothing from them. The server
 * (no CSP there) keeps them.
 */
import { z } from "zod";

z.config({ jitless: true });
