/** What every job of the background works with: the browser, the stored records and the API of the chosen server. */
import type { ExtensionApi } from "../platform/extension-api";
import type { ExtensionStore } from "../storage/extension-store";
import type { ApiClient } from "../../../lib/party-client/api-client";

export interface BackgroundContext {
  ext: ExtensionApi;
  store: ExtensionStore;
  /** The server the build was made for (the manifest runs the site bridge there). */
  defaultServerUrl: string;
  /** A client for the server in the settings now. */
  api(): Promise<ApiClient>;
}
