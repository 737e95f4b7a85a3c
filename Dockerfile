# syntax=docker/dockerfile:1
#
# ViewParty's container image: the built site, the server script, the migrations and the browser
# extension's builds (what /get-extension hands out), on Node with the production dependencies only,
# run as an unprivileged user. README "Deploy" shows it running behind Caddy with PostgreSQL and Redis
# (compose.yaml); scripts/image-check.sh builds and runs it on a locally made base image.
#
#   docker build -t viewparty --build-arg PUBLIC_URL=https://watch.example.org .
#
# BASE_IMAGE is any Debian-based image with Node.js 20.19+ and npm on PATH (the official node image by
# default; the check script passes a local one, since it cannot reach a registry).
ARG BASE_IMAGE=node:20-bookworm-slim

# ── all dependencies (dev ones too: next build, Tailwind, TypeScript, WXT) ─────────────────────────
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── the site and the extension, built ──────────────────────────────────────────────────────────────
FROM deps AS build
# The public address of the deployment, baked into what is built: the site's canonical links, sitemap
# and structured data (NEXT_PUBLIC_VP_SITE_URL) and the extension's default server, host permission and
# site-bridge match (VP_EXTENSION_SERVER_URL; the extension's popup can change it later). The server's
# own BETTER_AUTH_URL is read at run time and should name the same address.
ARG PUBLIC_URL=http://localhost:3000
ARG NEXT_PUBLIC_VP_SITE_URL=${PUBLIC_URL}
ARG VP_EXTENSION_SERVER_URL=${PUBLIC_URL}
# Optional build-time settings of the site (README "Configuration"); empty means the default.
ARG NEXT_PUBLIC_VP_EXTENSION_STORE_URL=
ARG NEXT_PUBLIC_VP_SUPPORT_EMAIL=
ARG NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL=
ARG NEXT_PUBLIC_VP_SOCIAL_CHAT_URL=
ARG NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL=
ENV NODE_ENV=production \
    NEXT_PUBLIC_VP_SITE_URL=${NEXT_PUBLIC_VP_SITE_URL} \
    NEXT_PUBLIC_VP_EXTENSION_STORE_URL=${NEXT_PUBLIC_VP_EXTENSION_STORE_URL} \
    NEXT_PUBLIC_VP_SUPPORT_EMAIL=${NEXT_PUBLIC_VP_SUPPORT_EMAIL} \
    NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL=${NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL} \
    NEXT_PUBLIC_VP_SOCIAL_CHAT_URL=${NEXT_PUBLIC_VP_SOCIAL_CHAT_URL} \
    NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL=${NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL}
COPY . .
# The same two steps `npm start` runs before it serves (scripts/lib/build-*-if-needed.mjs); the
# extension lands in extension/.output/{chrome-mv3,firefox-mv3}.
RUN npm run build \
 && VP_EXTENSION_SERVER_URL=${VP_EXTENSION_SERVER_URL} npm run build:extension \
 && rm -rf .next/cache

# ── production dependencies only ───────────────────────────────────────────────────────────────────
FROM ${BASE_IMAGE} AS prod-deps
WORKDIR /app
ENV npm_config_update_notifier=false
COPY package.json package-lock.json ./
# Next's SWC compiler (~100 MB) only compiles, at build time; the production server never loads it.
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && rm -rf node_modules/@next/swc-*

# ── the image ──────────────────────────────────────────────────────────────────────────────────────
FROM ${BASE_IMAGE}
# The official node image has the unprivileged user `node` (uid 1000); another base gets one made.
RUN id -u node >/dev/null 2>&1 || useradd --uid 1000 --user-group --create-home --shell /usr/sbin/nologin node; \
    mkdir -p /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    VP_DATA_DIR=/data
# What the server reads at run time, owned by root and read-only to the app's user: the server script
# and its helpers, the build, static files, blog posts, migrations (applied at start, from db/ in the
# working directory), Next's config, the extension builds /get-extension zips per request. lib/ and db/
# whole (2 MB of sources): the scripts, the config and the lock helper import plain .mjs modules from
# them, and a new such import must not break only the image.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/next.config.mjs ./
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/lib ./lib
COPY --from=build /app/db ./db
COPY --from=build /app/public ./public
COPY --from=build /app/content ./content
COPY --from=build /app/extension/.output ./extension/.output
COPY --from=build /app/.next ./.next
USER node
EXPOSE 3000
# /data holds the embedded database and a generated auth secret when DATABASE_URL / BETTER_AUTH_SECRET
# are unset (a single instance); with PostgreSQL and a set secret it stays empty.
VOLUME ["/data"]
# Liveness: the process answers (GET /api/v1/health; readiness, with the database and Redis, is /api/v1/ready).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server directly, not `npm start`: the image is built already, and npm would stand between the
# process and the SIGTERM a stop sends. It migrates the database at start (PostgreSQL: under an
# advisory lock, so instances may start together) and seeds nothing unless VP_SEED_DEMO=1.
CMD ["node", "scripts/server.mjs"]
