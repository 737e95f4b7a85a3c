/**
 * SIGTERM drains an instance (scripts/server.mjs, lib/server/lifecycle.ts) instead of cutting it: the
 * event streams end cleanly (their clients resume by Last-Event-ID elsewhere), each command socket
 * answers every command it took and then closes with 1001, a command it did not take is never run
 * (so its client may send it again), what was answered is saved, and the process exits by itself
 * within VP_DRAIN_TIMEOUT_MS. Against the real built app on the embedded database, restarted on the
 * same data to read what was saved.
 */
import WebSocket from "ws";
import { startApp, waitForExit } from "./helpers/app";
import { accountToken, createParty, joinAndOpen, type Ev } from "./helpers/party";

jest.setTimeout(120_000);

interface Answer {
  n: number;
  status: number;
}

test("SIGTERM: streams end cleanly, the command socket answers what it took then closes 1001, only answered commands are saved, the process exits drained", async () => {
  const first = await startApp({ keepData: true, env: { VP_DRAIN_TIMEOUT_MS: "8000" } });
  let second: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    const host = await accountToken(first.baseUrl, "Drain Host");
    const party = await createParty(first.baseUrl, host);
    const stream = await joinAndOpen(first.baseUrl, party.id, host);
    await stream.waitFor((e) => e.type === "snapshot");

    const ws = new WebSocket(`${first.baseUrl.replace(/^http/, "ws")}/api/v1/parties/${party.id}/commands`);
    const answers: Answer[] = [];
    let ready!: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as { type?: string } & Answer;
      if (frame.type === "ready") ready();
      else answers.push({ n: frame.n, status: frame.status });
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    ws.send(JSON.stringify({ type: "auth", token: host }));
    await isReady;

    // Twelve chat messages leave at once and the instance is told to stop while they arrive.
    const texts = Array.from({ length: 12 }, (_, i) => `drain message ${i + 1}`);
    texts.forEach((text, i) => ws.send(JSON.stringify({ n: i + 1, command: { v: 1, type: "chat", text } })));
    first.proc.kill("SIGTERM");

    const close = await closed;
    expect(close).toEqual({ code: 1001, reason: "The server is restarting." });
    // Answers come in order, with nothing skipped: what the socket took, it answered.
    expect(answers.map((a) => a.n)).toEqual(answers.map((_, i) => i + 1));
    // The event stream ended (the response finished) rather than being cut.
    await stream.done;
    expect(stream.ending).toBe("finished");
    expect(await waitForExit(first.proc, 15_000)).toBe(0);
    expect(first.output()).toMatch(/"how":"drained"/);
    // The bound is the app's own reading of VP_DRAIN_TIMEOUT_MS (lib/server/env.ts), not a second default.
    expect(first.output()).toMatch(/"boundMs":8000,"msg":"draining"/);
    expect(first.output()).not.toMatch(/drain bound reached/);

    // Restarted on the same data: the party's chat holds exactly the answered messages, each once.
    second = await startApp({ dataDir: first.dataDir });
    const again = await joinAndOpen(second.baseUrl, party.id, host);
    const snapshot = (await again.waitFor((e) => e.type === "snapshot")).data as Ev & { chat: { text: string }[] };
    const saved = snapshot.chat.map((m) => m.text).filter((text) => text.startsWith("drain message"));
    const answered = answers.filter((a) => a.status >= 200 && a.status < 300).map((a) => texts[a.n - 1]);
    expect(saved).toEqual(answered);
    again.close();
  } finally {
    await second?.stop();
    await first.stop();
  }
});
