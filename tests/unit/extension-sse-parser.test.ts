/** The background's SSE parser: chunk boundaries anywhere, CRLF, comments, multi-line data, ids. */
import { SseParser } from "@/extension/src/background/sse-parser";

test("events split across chunks at any point come out whole, with their ids", () => {
  const stream = 'id: 1\ndata: {"a":1}\n\n: heartbeat\n\nid: 2\ndata: {"b":\ndata: 2}\n\n';
  for (let cut = 1; cut < stream.length; cut++) {
    const parser = new SseParser();
    const out = [...parser.push(stream.slice(0, cut)), ...parser.push(stream.slice(cut))];
    expect(out).toEqual([
      { lastEventId: "1", event: "message", data: '{"a":1}' },
      { lastEventId: "2", event: "message", data: '{"b":\n2}' },
    ]);
    expect(parser.lastEventId).toBe("2");
  }
});

test("CRLF and CR line ends, a field without a space, event names; the id persists", () => {
  const parser = new SseParser("7");
  expect(parser.push("event: tick\r\ndata:x\r\n\r\ndata: y\r\r: next")).toEqual([
    { lastEventId: "7", event: "tick", data: "x" },
    { lastEventId: "7", event: "message", data: "y" },
  ]);
});

test("a blank line without data dispatches nothing; comments are skipped", () => {
  const parser = new SseParser();
  expect(parser.push(": hi\n\nid: 3\n\n")).toEqual([]);
  expect(parser.lastEventId).toBe("3");
});
