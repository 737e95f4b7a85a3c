/**
 * A local server for the site's player stand-ins (watch room and playlist page) (tests and benchmarks never reach YouTube or
 * TikTok): the YouTube IFrame API script, the TikTok embed player page, and the clips they play
 * (made once with ffmpeg under test-results/stand-ins, served with HTTP Range so <video> seeks).
 *
 *   /youtube/iframe_api          → youtube-iframe-api.js   (VP_YOUTUBE_IFRAME_API_URL)
 *   /tiktok/player/v1/{id}       → tiktok-player.html      (VP_TIKTOK_PLAYER_URL = …/tiktok/player/v1/)
 *   /clips/{youtube|tiktok}/{id}.mp4
 * Ids starting with "short" (YouTube) or "1111" (TikTok) get a 6 s clip, "private" / "4040" a 404
 * (the players report the video unavailable), any other id a 300 s clip.
 */
import { spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const clipDir = path.join(root, "test-results", "stand-ins");

function ensureClip(seconds) {
  const file = path.join(clipDir, `clip-${seconds}s.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(clipDir, { recursive: true });
  const tmp = `${file}.${process.pid}.mp4`;
  const result = spawnSync(
    "ffmpeg",
    ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=320x240:rate=30`, "-pix_fmt", "yuv420p", "-g", "15", "-preset", "veryfast", "-movflags", "+faststart", tmp],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("ffmpeg could not make a stand-in clip (apt-get install -y ffmpeg)");
  renameSync(tmp, file);
  return file;
}

function clipFor(platform, id) {
  if ((platform === "youtube" && id.startsWith("private")) || (platform === "tiktok" && id.startsWith("4040"))) return null;
  if ((platform === "youtube" && id.startsWith("short")) || (platform === "tiktok" && id.startsWith("1111"))) return ensureClip(6);
  return ensureClip(300);
}

function sendFile(req, res, file, type) {
  const size = statSync(file).size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  const headers = { "Content-Type": type, "Accept-Ranges": "bytes", "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };
  if (range) {
    const start = range[1] ? Number(range[1]) : size - Number(range[2]);
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    res.writeHead(206, { ...headers, "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": end - start + 1 });
    createReadStream(file, { start, end }).pipe(res);
  } else {
    res.writeHead(200, { ...headers, "Content-Length": size });
    createReadStream(file).pipe(res);
  }
}

/** Starts the stand-ins on 127.0.0.1 (`port` 0: any free port). */
export async function startPlayerStandIns({ port = 0, host = "127.0.0.1" } = {}) {
  ensureClip(6);
  ensureClip(300);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (url.pathname === "/youtube/iframe_api") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
      return res.end(readFileSync(path.join(here, "youtube-iframe-api.js")));
    }
    const tiktok = /^\/tiktok\/player\/v1\/(\d{8,25})$/.exec(url.pathname);
    if (tiktok) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      return res.end(readFileSync(path.join(here, "tiktok-player.html"), "utf8").replaceAll("__VIDEO_ID__", tiktok[1]));
    }
    const clip = /^\/clips\/(youtube|tiktok)\/([\w-]{1,40})\.mp4$/.exec(url.pathname);
    if (clip) {
      const file = clipFor(clip[1], clip[2]);
      if (file) return sendFile(req, res, file, "video/mp4");
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const origin = `http://${host}:${address.port}`;
  return {
    origin,
    env: { VP_YOUTUBE_IFRAME_API_URL: `${origin}/youtube/iframe_api`, VP_TIKTOK_PLAYER_URL: `${origin}/tiktok/player/v1/` },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
