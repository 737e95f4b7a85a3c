/** The typed message map's transport: answers, errors and foreign messages. */
import { handleRequests, sendRequest, sendTabRequest } from "@/extension/src/messaging/messenger";
import { fakeExtension } from "@/tests/support/extension/fake-extension";
import { fakeBrowser } from "wxt/testing/fake-browser";

type TestProtocol = {
  "math:double": { req: { n: number }; res: number };
  "math:fail": { req: Record<string, never>; res: null };
};

test("requests are answered by their handler, with the sender; failures arrive as errors", async () => {
  const fake = fakeExtension();
  const senders: unknown[] = [];
  handleRequests<TestProtocol>(fake.browser.runtime, {
    "math:double": async ({ n }, sender) => {
      senders.push(sender.tab?.id);
      return n * 2;
    },
    "math:fail": () => {
      throw new Error("nope");
    },
  });
  const content = fake.asContent({ id: fake.browser.runtime.id, tab: { id: 9 } });
  expect(await sendRequest<TestProtocol, "math:double">(content.runtime, "math:double", { n: 21 })).toBe(42);
  expect(senders).toEqual([9]);
  await expect(sendRequest<TestProtocol, "math:fail">(content.runtime, "math:fail", {})).rejects.toThrow("nope");
});

test("messages of other channels are left to other listeners; an unanswered request fails clearly", async () => {
  const { browser } = fakeExtension();
  handleRequests<TestProtocol>(browser.runtime, { "math:double": ({ n }) => n * 2 });
  expect(await browser.runtime.sendMessage({ hello: "world" })).toBeUndefined();
  await expect(sendRequest<TestProtocol, "math:fail">(browser.runtime, "math:fail", {})).rejects.toThrow("The extension did not answer.");
});

test("tab requests reach the tab's content script (frame 0 by default)", async () => {
  const fake = fakeExtension();
  const tab = await fakeBrowser.tabs.create({ url: "https://www.youtube.com/watch?v=abcdefghijk" });
  const frames: number[] = [];
  fake.tabHandlers.set(tab.id!, async (_message, frameId) => {
    frames.push(frameId);
    return { ok: true, value: "pong" };
  });
  expect(await sendTabRequest<{ "x:y": { req: Record<string, never>; res: string } }, "x:y">(fake.browser.tabs, tab.id!, "x:y", {})).toBe("pong");
  expect(frames).toEqual([0]);
  await expect(sendTabRequest(fake.browser.tabs, 999, "x:y", {})).rejects.toThrow("Receiving end does not exist");
});
