/** Replaced at build time (wxt.config.ts): the server/site origin this build talks to by default. */
declare const __VP_SERVER_URL__: string;
