/**
 * The registry of process-wide state: two copies of a module (as Next bundles one per route, or a
 * development reload makes) get the same object, made once.
 */
describe("processState", () => {
  it("gives every copy of the module the same object, made once", () => {
    let made = 0;
    const create = () => ({ n: ++made });
    let first: { n: number } | undefined;
    let second: { n: number } | undefined;
    jest.isolateModules(() => {
      first = (jest.requireActual("@/lib/server/process-singleton") as typeof import("@/lib/server/process-singleton")).processState("test.shared", create);
    });
    jest.isolateModules(() => {
      second = (jest.requireActual("@/lib/server/process-singleton") as typeof import("@/lib/server/process-singleton")).processState("test.shared", create);
    });
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect(made).toBe(1);
  });

  it("keeps names apart", async () => {
    const { processState } = await import("@/lib/server/process-singleton");
    expect(processState("test.a", () => ({ v: "a" }))).not.toBe(processState("test.b", () => ({ v: "b" })));
  });
});
