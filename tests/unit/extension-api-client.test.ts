/** The extension's API client: a server that hangs past the health check's timeout counts as unreachable; a caller's own abort stays an abort. */
import { ApiClient, ServerUnreachableError, type FetchLike } from "@/lib/party-client/api-client";

/** A server that accepts the connection and never answers (the request ends only when aborted). */
const hanging: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener("abort", () => reject(signal.reason));
  });

test("health: no answer within the timeout → ServerUnreachableError with the server's address", async () => {
  const api = new ApiClient("http://vp.test", hanging);
  await expect(api.health(20)).rejects.toThrow(new ServerUnreachableError("http://vp.test").message);
  await expect(api.health(20)).rejects.toBeInstanceOf(ServerUnreachableError);
});

test("a caller's abort is not reported as an unreachable server", async () => {
  const api = new ApiClient("http://vp.test", hanging);
  const controller = new AbortController();
  const pending = api.request("GET", "/api/v1/health", null, undefined, { signal: controller.signal });
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: "AbortError" });
});
