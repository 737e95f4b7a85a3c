/**
 * Fan-out benchmark worker for the socket.io baseline (forked by bench/fanout.mjs): holds its share
 * of the room's guests as socket.io-client connections (websocket transport only, one connection per
 * guest) and records when each guest receives each `playback` event, keyed by the event's cid.
 */
import { io } from "socket.io-client";
import { now } from "./common.mjs";
import { pool, runWorker } from "./receipts.mjs";

const sockets = new Set();

function openSocket(url, room, receipts, onDrop) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, timeout: 60_000 });
    sockets.add(socket);
    let ready = false;
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error("no join ack within 60 s"));
    }, 60_000);
    socket.on("event", (data) => {
      receipts.frames += 1;
      if (data.type === "playback" && data.cid !== undefined) receipts.record(data.cid, now());
    });
    socket.on("connect", () => {
      socket.emit("join", room, () => {
        ready = true;
        clearTimeout(timer);
        resolve();
      });
    });
    socket.on("connect_error", (error) => {
      clearTimeout(timer);
      sockets.delete(socket);
      reject(error);
    });
    socket.on("disconnect", () => {
      sockets.delete(socket);
      if (ready) onDrop();
    });
  });
}

let closing = false;
runWorker({
  async connectAll({ url, room, tokens, concurrency = 16 }, receipts) {
    return pool(tokens, concurrency, () =>
      openSocket(url, room, receipts, () => {
        if (!closing) receipts.drop();
      }),
    );
  },
  async closeAll() {
    closing = true;
    for (const socket of sockets) socket.close();
    sockets.clear();
  },
});
