/**
 * Fan-out benchmark worker (forked by bench/fanout.mjs): holds its share of a ViewParty party's
 * guests as raw SSE streams (`http.request` over a keep-alive agent, not EventSource), and records
 * when each guest receives each `playback` event, keyed by the event's cid.
 */
import http from "node:http";
import { createParser } from "eventsource-parser";
import { now, request } from "./common.mjs";
import { pool, runWorker } from "./receipts.mjs";

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const open = new Set();

/**
 * Joins the party as one guest (POST .../join: opening a stream only reads), then opens the guest's
 * stream; resolves once its snapshot arrived (it is subscribed from then on).
 */
async function openStream(baseUrl, partyId, token, receipts, onDrop) {
  const joined = await request(baseUrl, "POST", `/api/v1/parties/${partyId}/join`, { token, agent });
  if (joined.status !== 200) throw new Error(`join ${joined.status}: ${JSON.stringify(joined.body).slice(0, 200)}`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/v1/parties/${partyId}/events`, {
      agent,
      headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
    });
    const timer = setTimeout(() => req.destroy(new Error("no snapshot within 60 s")), 60_000);
    let ready = false;
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => reject(new Error(`SSE ${res.statusCode}: ${text.slice(0, 200)}`)));
        return;
      }
      res.setEncoding("utf8");
      // Heartbeat comments and the retry hint produce no event.
      const parser = createParser({
        onEvent: (message) => {
          const data = JSON.parse(message.data);
          receipts.frames += 1;
          if (data.type === "playback" && data.cid !== undefined) receipts.record(data.cid, now());
          else if (data.type === "snapshot" && !ready) {
            ready = true;
            clearTimeout(timer);
            resolve();
          }
        },
      });
      res.on("data", (chunk) => parser.feed(chunk));
      res.on("close", () => {
        open.delete(req);
        if (ready) onDrop();
      });
    });
    req.on("error", (error) => {
      clearTimeout(timer);
      open.delete(req);
      if (!ready) reject(error);
    });
    open.add(req);
    req.end();
  });
}

let closing = false;
runWorker({
  async connectAll({ baseUrl, partyId, tokens, concurrency = 16 }, receipts) {
    return pool(tokens, concurrency, (token) =>
      openStream(baseUrl, partyId, token, receipts, () => {
        if (!closing) receipts.drop();
      }),
    );
  },
  async closeAll() {
    closing = true;
    for (const req of open) req.destroy();
    open.clear();
    agent.destroy();
  },
});
