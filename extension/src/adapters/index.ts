/** The adapters' public surface (also bundled on its own by the adapter fixture tests). */
export { adapterForHost, adapterForUrl, mediaKeyOf, SITE_ADAPTERS } from "./registry";
export { genericAdapter } from "./generic";
export { installNetflixBridge, NETFLIX_COMMAND_EVENT } from "./netflix";
export type { AdapterEnv, PlayerControl, SiteAdapter } from "../../../lib/party-client/sync-player";
