/**
 * What the hot path's checks read of a Node request's headers: the headers as the client sent them,
 * except the two our own server stamps over the client's (scripts/server.mjs): the socket's address,
 * which keys rate limits, and the connection id an SSE stream may destroy. A client that sends its
 * own values of them must not choose its rate-limit bucket or name another client's connection.
 */
import type { IncomingMessage } from "node:http";
import { nodeRequestHeaders } from "@/lib/server/hot-path/node-request";
import { toWebHeaders } from "@/lib/server/http/request-head";

function nodeRequest(rawHeaders: string[], stamped: Record<string, string>): IncomingMessage {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] ??= rawHeaders[i + 1]!;
  return { method: "POST", url: "/api/v1/parties/p1/commands?x=1", rawHeaders, headers: { ...headers, ...stamped } } as unknown as IncomingMessage;
}

const FORGED = ["Host", "example.test", "X-VP-Client-IP", "6.6.6.6", "x-vp-connection", "victim", "Accept", "a", "accept", "b"];

describe("hot-path request headers", () => {
  it("answers the server's stamps, not the client's, for the address and the connection id", () => {
    const headers = nodeRequestHeaders(nodeRequest(FORGED, { "x-vp-client-ip": "10.0.0.7", "x-vp-connection": "k3" }));
    expect(headers.get("x-vp-client-ip")).toBe("10.0.0.7");
    expect(headers.get("X-VP-Connection")).toBe("k3");
    const web = toWebHeaders(headers);
    expect(web.get("x-vp-client-ip")).toBe("10.0.0.7");
    expect(web.get("x-vp-connection")).toBe("k3");
  });

  it("keeps every other field as a web Headers would (repeats joined)", () => {
    const headers = nodeRequestHeaders(nodeRequest(FORGED, { "x-vp-client-ip": "10.0.0.7" }));
    expect(headers.get("accept")).toBe("a, b");
    expect(toWebHeaders(headers).get("accept")).toBe("a, b");
    expect(headers.get("host")).toBe("example.test");
  });
});
