#!/usr/bin/env node
/**
 * A local stand-in for the three sign-in providers (Google, Twitch, Kick) and for the parts of the
 * Twitch API the app calls, for integration and end-to-end tests. Plain Node ESM so Playwright's
 * web server script can import it and Jest can run it as a child process:
 *
 *   node tests/support/oidc-stand-in.mjs [--port N]   → prints one JSON line {"ready":true,...}
 *
 * One oidc-provider (127.0.0.1, random or given port) plays the identity provider for all three,
 * with one client each. Its login page is a tiny form (no devInteractions): type an account id and
 * press "Sign in", or "Cancel" to make the provider answer `access_denied`. Accounts are made up
 * from the id unless registered with other claims through the control API. Consent is granted
 * automatically. It always asks who signs in (no single sign-on), so every test sees the form.
 *
 * Beside it on the same port:
 *   /kick-api/public/v1/users     Kick's user endpoint shape ({data:[{user_id,name,email,...}]})
 *   /twitch-id/oauth2/token       Twitch app tokens (client credentials)
 *   /helix/users, /helix/streams  Twitch Helix lookups; registered accounts are the Twitch users
 *   /__control/...                switches for tests: accounts, live/offline, API down, counters
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Provider, { interactionPolicy } from "oidc-provider";

export const STAND_IN_CLIENTS = {
  google: { clientId: "vp-google-client", clientSecret: "vp-google-secret" },
  twitch: { clientId: "vp-twitch-client", clientSecret: "vp-twitch-secret" },
  kick: { clientId: "vp-kick-client", clientSecret: "vp-kick-secret" },
};

const LOOPBACK_REDIRECT = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//;

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

/** The claims of a made-up account: everything derives from the id unless registered otherwise. */
function defaultClaims(id) {
  return {
    sub: id,
    name: `Test ${id}`,
    preferred_username: id,
    email: `${id.toLowerCase()}@stand-in.test`,
    email_verified: true,
    picture: `https://images.stand-in.test/${encodeURIComponent(id)}.png`,
  };
}

function loginPage(uid, clientId, error) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stand-in sign-in</title></head>
<body>
<h1>Stand-in sign-in</h1>
<p>Signing in to <code>${escapeHtml(clientId)}</code></p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label>Account <input name="account" autocomplete="off" required></label>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort">
  <button type="submit">Cancel</button>
</form>
</body></html>`;
}

/**
 * @param {{ port?: number, host?: string }} [options]
 */
export async function startOidcStandIn({ port = 0, host = "127.0.0.1" } = {}) {
  /** @type {Map<string, Record<string, unknown>>} */
  const accounts = new Map();
  const claimsOf = (id) => ({ ...defaultClaims(id), ...(accounts.get(id) ?? {}), sub: id });
  const twitch = {
    down: false,
    /** login → "live" | "offline" */
    streams: new Map(),
    appTokens: new Set(),
    helixRequests: 0,
    tokenRequests: 0,
  };

  const server = createServer();
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const base = `http://${host}:${actualPort}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "stand-in", use: "sig", alg: "RS256" };

  // Every login prompt is shown, even with a provider session, so tests always meet the form.
  const policy = interactionPolicy.base();
  policy.get("login").checks.add(
    new interactionPolicy.Check("stand_in_fresh_login", "the stand-in always asks who signs in", (ctx) =>
      ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );

  const clients = Object.values(STAND_IN_CLIENTS).map(({ clientId, clientSecret }) => ({
    client_id: clientId,
    client_secret: clientSecret,
    // Replaced by the loopback rule below; oidc-provider wants at least one.
    redirect_uris: ["http://localhost/placeholder"],
    token_endpoint_auth_method: "client_secret_post",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  }));

  const provider = new Provider(base, {
    clients,
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    // Kick and Twitch ask for their own scopes; the stand-in accepts them and maps them to claims.
    scopes: ["openid", "offline_access", "profile", "email", "user:read", "user:read:email"],
    claims: {
      openid: ["sub"],
      profile: ["name", "preferred_username", "picture"],
      email: ["email", "email_verified"],
      "user:read": ["name", "preferred_username", "picture", "email"],
      "user:read:email": ["email", "email_verified"],
    },
    // ID tokens carry the granted claims, as Google's and Twitch's do.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      claimsParameter: { enabled: true },
      userinfo: { enabled: true },
    },
    pkce: { required: () => false },
    ttl: { AccessToken: 3600, AuthorizationCode: 120, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600, RefreshToken: 86_400 },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => claimsOf(id) };
    },
    // Consent is automatic: the grant covers whatever the client asked for.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!oidc.session.accountId) return grant;
      grant ??= new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope([...oidc.requestParamScopes].join(" "));
      grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Stand-in error</title><h1>${escapeHtml(out.error)}</h1><p>${escapeHtml(out.error_description ?? "")}</p>`;
    },
  });
  // The app under test listens on a port chosen at run time; any loopback callback is accepted.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(uri) {
    return LOOPBACK_REDIRECT.test(uri);
  };
  provider.on("server_error", (_ctx, error) => console.error("[stand-in] server_error", error));
  const oidcHandler = provider.callback();

  async function handleInteraction(req, res, uid, action) {
    if (req.method === "GET" && !action) {
      const details = await provider.interactionDetails(req, res);
      const hint = details.params.login_hint;
      if (details.prompt.name === "login" && typeof hint === "string" && hint) {
        await provider.interactionFinished(req, res, { login: { accountId: hint } }, { mergeWithLastSubmission: false });
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(loginPage(uid, String(details.params.client_id)));
      return;
    }
    if (req.method === "POST" && action === "login") {
      const form = new URLSearchParams(await readBody(req));
      const account = form.get("account")?.trim();
      if (!account) {
        const details = await provider.interactionDetails(req, res);
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(loginPage(uid, String(details.params.client_id), "Type an account id."));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: account } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === "POST" && action === "abort") {
      await readBody(req);
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled the sign-in." },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    sendJson(res, 404, { error: "not_found" });
  }

  /** Kick's API: GET /public/v1/users with the user's access token → { data: [user] }. */
  async function handleKickUsers(req, res) {
    const token = req.headers.authorization?.replace(/^Bearer\s+/i, "");
    const found = token ? await provider.AccessToken.find(token) : undefined;
    if (!found || found.clientId !== STAND_IN_CLIENTS.kick.clientId) {
      sendJson(res, 401, { message: "Unauthorized" });
      return;
    }
    const c = claimsOf(found.accountId);
    sendJson(res, 200, {
      data: [{ user_id: c.sub, name: c.preferred_username ?? c.name, email: c.email, profile_picture: c.picture }],
      message: "OK",
    });
  }

  /** Twitch logins are ASCII; `twitch_login` sets one apart from a localized display name. */
  const twitchLoginOf = (c) => String(c.twitch_login ?? c.preferred_username).toLowerCase();

  function twitchUserByLogin(login) {
    const wanted = login.toLowerCase();
    for (const [id] of accounts) {
      const c = claimsOf(id);
      if (twitchLoginOf(c) === wanted) return c;
    }
    return undefined;
  }

  function helixUser(c) {
    return { id: c.sub, login: twitchLoginOf(c), display_name: c.preferred_username, profile_image_url: c.picture };
  }

  async function handleTwitch(req, res, url) {
    if (url.pathname === "/twitch-id/oauth2/token" && req.method === "POST") {
      twitch.tokenRequests += 1;
      const form = new URLSearchParams(await readBody(req));
      for (const [k, v] of url.searchParams) if (!form.has(k)) form.set(k, v);
      if (twitch.down) return sendJson(res, 503, { status: 503, message: "Service Unavailable" });
      if (
        form.get("grant_type") !== "client_credentials" ||
        form.get("client_id") !== STAND_IN_CLIENTS.twitch.clientId ||
        form.get("client_secret") !== STAND_IN_CLIENTS.twitch.clientSecret
      ) {
        return sendJson(res, 403, { status: 403, message: "invalid client secret" });
      }
      const token = randomBytes(15).toString("hex");
      twitch.appTokens.add(token);
      return sendJson(res, 200, { access_token: token, expires_in: 5_000_000, token_type: "bearer" });
    }
    twitch.helixRequests += 1;
    if (twitch.down) return sendJson(res, 503, { error: "Service Unavailable", status: 503, message: "" });
    const token = req.headers.authorization?.replace(/^Bearer\s+/i, "");
    if (req.headers["client-id"] !== STAND_IN_CLIENTS.twitch.clientId || !token || !twitch.appTokens.has(token)) {
      return sendJson(res, 401, { error: "Unauthorized", status: 401, message: "Invalid OAuth token" });
    }
    if (url.pathname === "/helix/users") {
      const logins = url.searchParams.getAll("login");
      const ids = url.searchParams.getAll("id");
      const data = [
        ...logins.map(twitchUserByLogin).filter(Boolean),
        ...ids.map((id) => (accounts.has(id) ? claimsOf(id) : undefined)).filter(Boolean),
      ].map(helixUser);
      return sendJson(res, 200, { data });
    }
    if (url.pathname === "/helix/streams") {
      const data = [];
      for (const userId of url.searchParams.getAll("user_id")) {
        const c = accounts.has(userId) ? claimsOf(userId) : undefined;
        const login = c ? twitchLoginOf(c) : undefined;
        if (c && login && twitch.streams.get(login) === "live") {
          data.push({ id: `stream-${userId}`, user_id: userId, user_login: login, type: "live", title: "Live on the stand-in" });
        }
      }
      return sendJson(res, 200, { data });
    }
    return sendJson(res, 404, { error: "Not Found", status: 404 });
  }

  /** Test switches. Bodies are JSON. */
  async function handleControl(req, res, url) {
    const body = req.method === "POST" ? JSON.parse((await readBody(req)) || "{}") : {};
    switch (url.pathname) {
      case "/__control/accounts":
        // { id, claims } — registers (or replaces) an account; it also becomes a Twitch user.
        accounts.set(String(body.id), { ...(body.claims ?? {}) });
        return sendJson(res, 200, { account: claimsOf(String(body.id)) });
      case "/__control/twitch/stream":
        // { login, live }
        twitch.streams.set(String(body.login).toLowerCase(), body.live ? "live" : "offline");
        return sendJson(res, 200, { ok: true });
      case "/__control/twitch/down":
        twitch.down = Boolean(body.down);
        return sendJson(res, 200, { ok: true });
      case "/__control/twitch/stats":
        return sendJson(res, 200, { helixRequests: twitch.helixRequests, tokenRequests: twitch.tokenRequests });
      default:
        return sendJson(res, 404, { error: "unknown control" });
    }
  }

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const interaction = url.pathname.match(/^\/interaction\/([^/]+)(?:\/(login|abort))?$/);
    const run = async () => {
      if (interaction) return handleInteraction(req, res, interaction[1], interaction[2]);
      if (url.pathname === "/kick-api/public/v1/users") return handleKickUsers(req, res);
      if (url.pathname.startsWith("/twitch-id/") || url.pathname.startsWith("/helix/")) return handleTwitch(req, res, url);
      if (url.pathname.startsWith("/__control/")) return handleControl(req, res, url);
      return oidcHandler(req, res);
    };
    run().catch((error) => {
      console.error("[stand-in]", error);
      if (!res.headersSent) sendJson(res, 500, { error: "stand_in_error", error_description: String(error?.message ?? error) });
      else res.end();
    });
  });

  /** The app's configuration for pointing all three providers and the Twitch API at this stand-in. */
  const env = {
    GOOGLE_CLIENT_ID: STAND_IN_CLIENTS.google.clientId,
    GOOGLE_CLIENT_SECRET: STAND_IN_CLIENTS.google.clientSecret,
    GOOGLE_ISSUER: base,
    TWITCH_CLIENT_ID: STAND_IN_CLIENTS.twitch.clientId,
    TWITCH_CLIENT_SECRET: STAND_IN_CLIENTS.twitch.clientSecret,
    TWITCH_ISSUER: base,
    TWITCH_API_BASE_URL: `${base}/helix`,
    TWITCH_AUTH_BASE_URL: `${base}/twitch-id/oauth2`,
    KICK_CLIENT_ID: STAND_IN_CLIENTS.kick.clientId,
    KICK_CLIENT_SECRET: STAND_IN_CLIENTS.kick.clientSecret,
    KICK_AUTHORIZATION_URL: `${base}/auth`,
    KICK_TOKEN_URL: `${base}/token`,
    KICK_USERINFO_URL: `${base}/kick-api/public/v1/users`,
  };

  return {
    url: base,
    port: actualPort,
    env,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// CLI: run as a process (Jest starts it this way) and report where it listens.
if (import.meta.url === `file://${process.argv[1]}`) {
  const portArg = process.argv.indexOf("--port");
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
  const standIn = await startOidcStandIn({ port });
  process.stdout.write(`${JSON.stringify({ ready: true, url: standIn.url, port: standIn.port, env: standIn.env })}\n`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
