/**
 * Baseline for bench/parties-active.mjs: a trivial Node http server that answers every request with
 * the same JSON bytes (read once from BODY_FILE), i.e. the ceiling for "return this list" on this
 * machine. `PORT=<p> BODY_FILE=<f> node bench/lib/static-json-server.mjs` (prints "ready").
 */
import { readFileSync } from "node:fs";
import http from "node:http";

const body = readFileSync(process.env.BODY_FILE);
const server = http.createServer((req, res) => {
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length, "Cache-Control": "no-store" });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT || 0), "127.0.0.1", () => console.log(`ready ${server.address().port}`));
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    server.closeAllConnections?.();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 500).unref();
  });
}
