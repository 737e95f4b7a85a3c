/** The typed message map's transport: answers, errors and foreign messages. */
import { handleRequests, sendRequest, sendTabRequest } from "@/extension/src/messaging/messenger";
import { FakeBrowser } from "@/extension/src/testing/fake-browser";

type TestProtocol = {
  "math:double": { req: { n: number }; res: number };
  "math:fail": { req: Record<string, never>; res: null };
};

test("requests are answered by their handler, with the sender; failures arrive as errors", async () => {
  const fake = new FakeBrowser();
  const senders: unknown[] = [];
  handleRequests<TestProtocol>(fake.runtime, {
    "math:double": async ({ n }, sender) => {
      senders.push(sender.tab?.id);
      return n * 2;
    },
    "math:fail": () => {
      throw new Error("nope");
    },
  });
  const content = fake.asContent({ id: fake.runtime.id, tab: { id: 9 } });
  expect(await sendRequest<TestProtocol, "math:double">(content.runtime, "math:double", { n: 21 })).toBe(42);
  expect(senders).toEqual([9]);
  await expect(sendRequest<TestProtocol, "math:fail">(content.runtime, "math:fail", {})).rejects.toThrow("nope");
});

test("messages of other channels are left to other listeners; an unanswered request fails clearly", async () => {
  const fake = new FakeBrowser();
  handleRequests<TestProtocol>(fake.runtime, { "math:double": ({ n }) => n * 2 });
  expect(await fake.runtime.sendMessage({ hello: "world" })).toBeUndefined();
  await expect(sendRequest<TestProtocol, "math:fail">(fake.runtime, "math:fail", {})).rejects.toThrow("The extension did not answer.");
});

test("tab requests reach the tab's content script (frame 0 by default)", async () => {
  const fake = new FakeBrowser();
  const tab = fake.addTab("https://www.youtube.com/watch?v=abcdefghijk");
  const frames: number[] = [];
  fake.tabHandlers.set(tab.id!, async (_message, frameId) => {
    frames.push(frameId);
    return { ok: true, value: "pong" };
  });
  expect(await sendTabRequest<{ "x:y": { req: Record<string, never>; res: string } }, "x:y">(fake.tabs, tab.id!, "x:y", {})).toBe("pong");
  expect(frames).toEqual([0]);
  await expect(sendTabRequest(fake.tabs, 999, "x:y", {})).rejects.toThrow("Receiving end does not exist");
});
