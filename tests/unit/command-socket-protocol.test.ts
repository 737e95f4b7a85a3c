import { COMMAND_SOCKET_CLOSE, commandSocketCloseFor } from "@/lib/sync/command-socket-protocol";

describe("commandSocketCloseFor", () => {
  it("closes with the 44xx code of the status the POST would have answered", () => {
    expect(commandSocketCloseFor(401)).toBe(4401);
    expect(commandSocketCloseFor(403)).toBe(4403);
    expect(commandSocketCloseFor(404)).toBe(4404);
    expect(commandSocketCloseFor(429)).toBe(4429);
  });

  it("closes any other refusal as malformed", () => {
    for (const status of [400, 413, 422, 500]) expect(commandSocketCloseFor(status)).toBe(COMMAND_SOCKET_CLOSE.malformed);
  });
});
