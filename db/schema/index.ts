/** The one Drizzle schema: every domain's tables, re-exported for the client and drizzle-kit. */
export * from "./auth";
export * from "./playlists";
export * from "./parties";
export * from "./scheduled-parties";
export * from "./party-moderation";
export * from "./recordings";
export * from "./party-durable-events";
export * from "./rooms";
