#!/usr/bin/env bash
# Builds the real Dockerfile and runs the image on this machine, without an image registry:
#
#   1. a local base image, localhost/viewparty-base: a Debian bookworm root file system from debootstrap
#      (Debian's package mirror is enough) with this machine's Node.js and npm copied in, the way the
#      official node image lays them out (/usr/local/bin/node, /usr/local/lib/node_modules/npm);
#   2. the Dockerfile built on it (--build-arg BASE_IMAGE=localhost/viewparty-base; npm ci needs the
#      npm registry);
#   3. a container from it on the host network, against this machine's PostgreSQL (a fresh database)
#      and Redis (a key prefix of its own), on a free port; it waits for /api/v1/ready, then checks
#      that it serves the site and the extension downloads, runs as a non-root user and passes its
#      HEALTHCHECK;
#   4. with --proxy: two containers of the image behind Caddy (Debian's caddy binary, since no caddy
#      image can be pulled) with deploy/Caddyfile, as compose.yaml runs them: the site through the
#      proxy, then one instance stopped and the site still served by the other.
#
# It prints the image's size, the build time and the time from `podman run` to ready, and removes what
# it made (containers, database, Redis keys; the images stay, --rm-images removes them too).
#
# Usage: scripts/image-check.sh [--proxy] [--rebuild-base] [--rm-images]
# Environment: VP_IMAGE_CHECK_PORT (first of four free ports, default 3450), VP_IMAGE_CHECK_DIR (work
# folder, default /var/tmp/viewparty-image-check), VP_IMAGE_CHECK_PG (an admin URL of PostgreSQL,
# default postgres://postgres@127.0.0.1:5432/postgres), VP_IMAGE_CHECK_REDIS (default
# redis://127.0.0.1:6379), VP_IMAGE_CHECK_RUNTIME (default /usr/sbin/runc: crun refuses on some
# machines), DEBIAN_MIRROR (default http://deb.debian.org/debian).
#
# Needs: podman, runc, debootstrap (as root, or a base image built once), node and npm, psql, curl,
# redis-cli; caddy for --proxy (apt-get install caddy).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${VP_IMAGE_CHECK_DIR:-/var/tmp/viewparty-image-check}
PORT=${VP_IMAGE_CHECK_PORT:-3450}
PG_ADMIN=${VP_IMAGE_CHECK_PG:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${VP_IMAGE_CHECK_REDIS:-redis://127.0.0.1:6379}
RUNTIME=${VP_IMAGE_CHECK_RUNTIME:-/usr/sbin/runc}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE=localhost/viewparty-base:bookworm
IMAGE=localhost/viewparty:check
RUN_ID=$$
PREFIX=image-check-$RUN_ID
DB=vp_image_check_$RUN_ID

WITH_PROXY=0 REBUILD_BASE=0 RM_IMAGES=0
for arg in "$@"; do
  case $arg in
    --proxy) WITH_PROXY=1 ;;
    --rebuild-base) REBUILD_BASE=1 ;;
    --rm-images) RM_IMAGES=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $arg (see --help)" >&2; exit 2 ;;
  esac
done

say() { printf '▸ %s\n' "$*"; }
fail() { printf '✖ %s\n' "$*" >&2; exit 1; }
pm() { podman --runtime "$RUNTIME" "$@"; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

for tool in podman node npm psql curl redis-cli; do command -v "$tool" >/dev/null || fail "$tool is not installed"; done
[ -x "$RUNTIME" ] || fail "no OCI runtime at $RUNTIME (apt-get install runc, or set VP_IMAGE_CHECK_RUNTIME)"

# ── podman's configuration for this kind of machine ──────────────────────────────────────────────────
# Containers here need no default ulimits (raising them is refused) and cgroupfs (no systemd).
CONF=/etc/containers/containers.conf
conf_ok() { [ -f "$1" ] && grep -Eq '^\s*default_ulimits\s*=\s*\[\s*\]' "$1" && grep -Eq '^\s*cgroup_manager\s*=\s*"cgroupfs"' "$1"; }
if [ "$(id -u)" = 0 ]; then
  if ! conf_ok "$CONF"; then
    if [ -e "$CONF" ]; then
      fail "$CONF exists but lacks default_ulimits = [] under [containers] and/or cgroup_manager = \"cgroupfs\" under [engine]: add them (this script does not rewrite a file it did not make)"
    fi
    say "writing $CONF (default_ulimits = [], cgroup_manager = \"cgroupfs\")"
    mkdir -p /etc/containers
    printf '# Written by ViewParty scripts/image-check.sh\n[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\n' >"$CONF"
  fi
elif ! conf_ok "$CONF" && ! conf_ok "${XDG_CONFIG_HOME:-$HOME/.config}/containers/containers.conf"; then
  say "note: neither $CONF nor ~/.config/containers/containers.conf sets default_ulimits = [] ([containers]) and cgroup_manager = \"cgroupfs\" ([engine]); if podman refuses to start containers, add them there (as root: rerun this script as root, it writes $CONF)"
fi

# ── cleanup ──────────────────────────────────────────────────────────────────────────────────────────
CONTAINERS=() CADDY_PID=""
cleanup() {
  set +e
  [ -n "$CADDY_PID" ] && kill "$CADDY_PID" 2>/dev/null && wait "$CADDY_PID" 2>/dev/null
  for c in "${CONTAINERS[@]}"; do pm rm -f -v -t 5 "$c" >/dev/null 2>&1; done
  psql "$PG_ADMIN" -qAtc "drop database if exists $DB with (force)" >/dev/null 2>&1
  redis-cli -u "$REDIS_URL" --scan --pattern "$PREFIX*" 2>/dev/null | xargs -r redis-cli -u "$REDIS_URL" del >/dev/null 2>&1
  if [ "$RM_IMAGES" = 1 ]; then pm rmi -f "$IMAGE" "$BASE" >/dev/null 2>&1; fi
}
trap cleanup EXIT

# ── 1. the base image ────────────────────────────────────────────────────────────────────────────────
if [ "$REBUILD_BASE" = 1 ] || ! pm image exists "$BASE"; then
  command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
  [ "$(id -u)" = 0 ] || fail "making the base image needs root (debootstrap); run as root once"
  ROOTFS=$WORK/rootfs
  mkdir -p "$WORK"
  if [ "$REBUILD_BASE" = 1 ] || [ ! -f "$ROOTFS/etc/debian_version" ]; then
    say "debootstrap: Debian bookworm (minbase) from $MIRROR into $ROOTFS"
    rm -rf "$ROOTFS" "$ROOTFS.partial"
    started=$(now)
    debootstrap --variant=minbase bookworm "$ROOTFS.partial" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
      fail "debootstrap failed (see $WORK/debootstrap.log)"
    mv "$ROOTFS.partial" "$ROOTFS"
    say "debootstrap took $(secs "$started" "$(now)") s"
  fi
  NODE_BIN=$(readlink -f "$(command -v node)")
  NPM_DIR=$(npm root -g)/npm
  [ -f "$NPM_DIR/bin/npm-cli.js" ] || fail "npm not found at $NPM_DIR"
  say "copying this machine's Node $(node -v) ($NODE_BIN) and npm $(npm -v) into the base"
  install -D -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
  rm -rf "$ROOTFS/usr/local/lib/node_modules/npm"
  mkdir -p "$ROOTFS/usr/local/lib/node_modules"
  cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
  ln -sfn ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
  ln -sfn ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
  # What an image does not need: downloaded packages, package lists, documentation.
  rm -rf "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/*
  # The node binary must run in there (its shared libraries are the base's).
  env -u NODE_EXTRA_CA_CERTS chroot "$ROOTFS" /usr/local/bin/node -e 'process.exit(0)' || fail "the copied node does not run in the Debian root file system"
  # npm ci in the build reaches the registry the way this machine does: where that is through a proxy
  # with its own certificate authority (NODE_EXTRA_CA_CERTS here), the base trusts it too. This is the
  # local base's business only; the Dockerfile and the official node image know nothing of it.
  CA_CHANGE=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$ROOTFS/etc/ssl/certs/host-extra-ca.crt"
    CA_CHANGE=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-extra-ca.crt')
    say "the base trusts this machine's extra certificate authorities ($NODE_EXTRA_CA_CERTS)"
  fi
  say "importing it as $BASE"
  tar -C "$ROOTFS" -c . | pm import "${CA_CHANGE[@]}" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$BASE" >/dev/null 2>&1
fi
BASE_BYTES=$(pm image inspect --format '{{.Size}}' "$BASE")

# ── 2. the image ─────────────────────────────────────────────────────────────────────────────────────
say "building $IMAGE from $ROOT/Dockerfile on $BASE (npm ci, next build, the extension; a few minutes)"
started=$(now)
# Docker format: the OCI format has no HEALTHCHECK.
pm build --format docker --network host --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" "$ROOT" >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log" >&2; fail "the image build failed (whole log: $WORK/build.log)"; }
BUILD_SECS=$(secs "$started" "$(now)")
IMAGE_BYTES=$(pm image inspect --format '{{.Size}}' "$IMAGE")
mb() { awk -v b="$1" 'BEGIN { printf "%.0f MB", b / 1000000 }'; }
say "built in $BUILD_SECS s: $(mb "$IMAGE_BYTES") ($(mb "$BASE_BYTES") of it the base, $(mb $((IMAGE_BYTES - BASE_BYTES))) ViewParty and its dependencies)"
[ "$(pm image inspect --format '{{.Config.User}}' "$IMAGE")" = node ] || fail "the image's user is not node"
pm image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE" | grep -q api/v1/health || fail "the image has no HEALTHCHECK on /api/v1/health"

# ── 3. one container against PostgreSQL and Redis ────────────────────────────────────────────────────
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in $PORT $((PORT + 1)) $((PORT + 2)); do port_free "$p" || fail "port $p is in use (set VP_IMAGE_CHECK_PORT to the first of three free ports)"; done
psql "$PG_ADMIN" -qAtc "create database $DB" >/dev/null || fail "cannot create database $DB at $PG_ADMIN"
DB_URL=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$PG_ADMIN" "$DB")
SECRET=$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')

# run_app NAME PORT: a container as compose.yaml runs one (host network here: the checks reach it there).
run_app() {
  CONTAINERS+=("$1")
  pm run -d --name "$1" --network host --init \
    -e PORT="$2" -e DATABASE_URL="$DB_URL" -e REDIS_URL="$REDIS_URL" -e VP_REDIS_PREFIX="$PREFIX" \
    -e BETTER_AUTH_SECRET="$SECRET" -e BETTER_AUTH_URL="$3" -e VP_TRUST_PROXY="$4" "$IMAGE" >/dev/null
}

# wait_ready PORT NAME: the path it answered on (ready, or health where the build has no /ready).
wait_ready() {
  local deadline=$((SECONDS + 180)) code
  while [ $SECONDS -lt $deadline ]; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/api/v1/ready" || true)
    if [ "$code" = 200 ]; then echo /api/v1/ready; return 0; fi
    if [ "$code" = 404 ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/api/v1/health")" = 200 ]; then
      echo /api/v1/health; return 0
    fi
    [ "$(pm inspect --format '{{.State.Running}}' "$2" 2>/dev/null)" = true ] || { pm logs "$2" | tail -30 >&2; fail "$2 exited"; }
    sleep 0.2
  done
  pm logs "$2" | tail -30 >&2
  fail "$2 was not ready within 180 s"
}

APP=vp-image-check-$RUN_ID
say "starting $APP on port $PORT (database $DB, Redis prefix $PREFIX)"
started=$(now)
run_app "$APP" "$PORT" "http://127.0.0.1:$PORT" 0
READY_PATH=$(wait_ready "$PORT" "$APP")
READY_SECS=$(secs "$started" "$(now)")
if [ "$READY_PATH" = /api/v1/ready ]; then
  say "ready in $READY_SECS s (podman run → /api/v1/ready 200)"
else
  say "ready in $READY_SECS s (podman run → /api/v1/health 200; this build has no /api/v1/ready: it answered 404)"
fi

page=$(curl -sS -w '\n%{http_code}' "http://127.0.0.1:$PORT/")
[ "${page##*$'\n'}" = 200 ] || fail "GET / answered ${page##*$'\n'}"
grep -q '<title>[^<]*<\/title>' <<<"$page" && grep -q 'ViewParty' <<<"$page" || fail "GET / is not the ViewParty site"
say "GET / serves the site"

for browser in chrome firefox; do
  type=$(curl -sS -o "$WORK/ext-$browser.zip" -w '%{http_code} %{content_type}' "http://127.0.0.1:$PORT/get-extension/download/$browser")
  [ "$type" = "200 application/zip" ] || fail "GET /get-extension/download/$browser answered $type"
  node -e 'const b = require("node:fs").readFileSync(process.argv[1]); process.exit(b.readUInt32LE(0) === 0x04034b50 && b.includes("manifest.json") ? 0 : 1)' "$WORK/ext-$browser.zip" ||
    fail "the $browser download is not a zip with a manifest"
done
say "the extension downloads (chrome, firefox) are built in"

# The server process itself (not only what `exec` runs as): its real and effective uid from /proc.
server_uids=$(pm exec "$APP" node -e '
  const fs = require("node:fs");
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let cmd = "";
    try { cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"); } catch { continue; }
    if (cmd.includes("scripts/server.mjs")) console.log(/^Uid:\s+(\d+)\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8")).slice(1).join(" "));
  }')
[ -n "$server_uids" ] || fail "no server process found in $APP"
case " $server_uids " in *" 0 "*) fail "the server runs as root (uids: $server_uids)" ;; esac
say "the server runs as uid ${server_uids%% *} ($(pm exec "$APP" id -un)), not root"

pm healthcheck run "$APP" >/dev/null || fail "the image's HEALTHCHECK fails on a serving container"
say "the image's HEALTHCHECK passes"

# ── 4. two instances behind Caddy (--proxy) ──────────────────────────────────────────────────────────
if [ "$WITH_PROXY" = 1 ]; then
  command -v caddy >/dev/null || fail "--proxy needs caddy (apt-get install caddy)"
  P1=$PORT P2=$((PORT + 1)) PP=$((PORT + 2)) ADMIN=$((PORT + 3))
  port_free "$ADMIN" || fail "port $ADMIN is in use"
  # The first container becomes app1 behind the proxy: restart it with the proxy's settings.
  pm rm -f -v -t 5 "$APP" >/dev/null
  say "app1 :$P1 and app2 :$P2 behind Caddy :$PP (deploy/Caddyfile; VP_TRUST_PROXY=1)"
  run_app "$APP" "$P1" "http://127.0.0.1:$PP" 1
  run_app "$APP-2" "$P2" "http://127.0.0.1:$PP" 1
  wait_ready "$P1" "$APP" >/dev/null
  wait_ready "$P2" "$APP-2" >/dev/null
  CADDYFILE=$ROOT/deploy/Caddyfile
  if [ "$READY_PATH" != /api/v1/ready ]; then
    # Caddy would find no instance ready and answer 503: check it against /api/v1/health instead.
    CADDYFILE=$WORK/Caddyfile
    sed 's|health_uri /api/v1/ready|health_uri /api/v1/health|' "$ROOT/deploy/Caddyfile" >"$CADDYFILE"
    say "note: Caddy's health checks go to /api/v1/health in this run (this build has no /api/v1/ready)"
  fi
  VP_DOMAIN=":$PP" VP_UPSTREAMS="127.0.0.1:$P1 127.0.0.1:$P2" VP_CADDY_ADMIN="127.0.0.1:$ADMIN" \
    caddy run --adapter caddyfile --config "$CADDYFILE" >"$WORK/caddy.log" 2>&1 &
  CADDY_PID=$!
  deadline=$((SECONDS + 30))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PP/")" = 200 ]; do
    [ $SECONDS -lt $deadline ] || { tail -20 "$WORK/caddy.log" >&2; fail "the site is not served through Caddy"; }
    sleep 0.3
  done
  say "GET / through Caddy: 200"
  # Server-sent events come through unbuffered: the public list's stream greets at once, and that
  # greeting must reach the client now, not when a buffer fills.
  sse=$(curl -sN --max-time 3 -H 'Accept: text/event-stream' "http://127.0.0.1:$PP/api/v1/parties/active/deltas" 2>/dev/null || true)
  grep -q ': connected' <<<"$sse" || fail "the event stream's greeting did not come through Caddy within 3 s (buffered?)"
  say "an event stream through Caddy delivers at once (flush_interval -1)"
  started=$(now)
  pm stop -t 30 "$APP" >/dev/null
  ok=0
  for _ in $(seq 1 20); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PP/")" = 200 ] && ok=$((ok + 1))
  done
  [ "$ok" = 20 ] || fail "with app1 stopped, $((20 - ok)) of 20 requests through Caddy failed"
  say "app1 stopped ($(secs "$started" "$(now)") s from stop to 20 answers): 20 of 20 requests through Caddy answered by app2"
fi

say "image-check passed — image $(mb "$IMAGE_BYTES"), build $BUILD_SECS s, podman run → ready $READY_SECS s"
