import { BoundedMap } from "@/lib/server/bounded-map";

describe("BoundedMap", () => {
  it("forgets the oldest entry when a new key comes in full", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("c", 3);
    expect([...map.keys()]).toEqual(["b", "c"]);
    expect(map.get("a")).toBeUndefined();
  });

  it("re-setting a known key when full forgets nothing and keeps its place", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("a", 10);
    expect([...map.entries()]).toEqual([
      ["a", 10],
      ["b", 2],
    ]);
  });

  it("a key deleted and set again becomes the newest", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2);
    map.delete("a");
    map.set("a", 1).set("c", 3);
    expect([...map.keys()]).toEqual(["a", "c"]);
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
