import { forgetProcessSingleton, processSingleton } from "@/lib/server/process-singleton";

describe("processSingleton", () => {
  it("creates once per process, shared by every copy of the module that asks by the same name", async () => {
    let created = 0;
    const create = async () => ({ n: ++created });
    // Two bundles of one module each make their own getter: both must see one value.
    const first = processSingleton("test-shared", create);
    const second = processSingleton("test-shared", create);
    const [a, b] = await Promise.all([first(), second()]);
    expect(a).toBe(b);
    expect(created).toBe(1);
    forgetProcessSingleton("test-shared");
  });

  it("does not keep a failed creation: the next call tries again", async () => {
    let attempts = 0;
    const get = processSingleton("test-retry", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("held by another process");
      return "open";
    });
    await expect(get()).rejects.toThrow("held by another process");
    await expect(get()).resolves.toBe("open");
    await expect(get()).resolves.toBe("open");
    expect(attempts).toBe(2);
    forgetProcessSingleton("test-retry");
  });

  it("forgets on request, handing back what it held, and creates anew after", async () => {
    let created = 0;
    const get = processSingleton("test-forget", async () => ++created);
    await get();
    await expect(forgetProcessSingleton<number>("test-forget")).resolves.toBe(1);
    expect(forgetProcessSingleton("test-forget")).toBeUndefined();
    await expect(get()).resolves.toBe(2);
    forgetProcessSingleton("test-forget");
  });
});
