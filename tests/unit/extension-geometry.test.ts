/** Drawing geometry: strokes are relative to the video's picture, so every screen agrees. */
import { drawStroke, pictureRect, simplify, toRelative, type PathContext } from "@/extension/src/overlay/geometry";
import { STROKE_MAX_POINTS } from "@/lib/sync";

test("the picture inside a letterboxed element (object-fit contain / cover / fill)", () => {
  // 16:9 video in a 4:3 box: bars above and below.
  expect(pictureRect({ left: 0, top: 0, width: 800, height: 600 }, 1920, 1080)).toEqual({ left: 0, top: 75, width: 800, height: 450 });
  // 4:3 video in a 16:9 box: bars left and right.
  expect(pictureRect({ left: 10, top: 20, width: 1600, height: 900 }, 640, 480)).toEqual({ left: 210, top: 20, width: 1200, height: 900 });
  expect(pictureRect({ left: 0, top: 0, width: 800, height: 600 }, 1920, 1080, "fill")).toEqual({ left: 0, top: 0, width: 800, height: 600 });
  // Unknown video size: the element.
  expect(pictureRect({ left: 0, top: 0, width: 800, height: 600 }, 0, 0)).toEqual({ left: 0, top: 0, width: 800, height: 600 });
});

test("the same picture point maps to the same relative point at any size", () => {
  const small = pictureRect({ left: 0, top: 0, width: 640, height: 480 }, 1920, 1080);
  const large = pictureRect({ left: 100, top: 50, width: 1920, height: 1200 }, 1920, 1080);
  const [x1, y1] = toRelative(small.left + small.width * 0.25, small.top + small.height * 0.75, small);
  const [x2, y2] = toRelative(large.left + large.width * 0.25, large.top + large.height * 0.75, large);
  expect(x1).toBeCloseTo(0.25);
  expect(y1).toBeCloseTo(0.75);
  expect([x2, y2]).toEqual([x1, y1]);
  expect(toRelative(-50, 10_000, small)).toEqual([0, 1]); // clamped to the picture
});

test("simplify drops near-duplicate points, keeps the ends and caps the count", () => {
  const jitter: [number, number][] = [[0, 0], [0.0005, 0], [0.001, 0], [0.1, 0.1], [0.1001, 0.1]];
  expect(simplify(jitter)).toEqual([[0, 0], [0.1, 0.1], [0.1001, 0.1]]);
  const long = Array.from({ length: 10_000 }, (_, i) => [i / 10_000, 0.5] as [number, number]);
  const out = simplify(long, 0);
  expect(out.length).toBeLessThanOrEqual(STROKE_MAX_POINTS);
  expect(out[0]).toEqual([0, 0.5]);
  expect(out.at(-1)).toEqual(long.at(-1));
});

test("strokes are drawn with curves through midpoints, scaled to the canvas", () => {
  const ops: string[] = [];
  const ctx = {
    beginPath: () => ops.push("begin"),
    moveTo: (x: number, y: number) => ops.push(`M${x},${y}`),
    lineTo: (x: number, y: number) => ops.push(`L${x},${y}`),
    quadraticCurveTo: (cx: number, cy: number, x: number, y: number) => ops.push(`Q${cx},${cy} ${x},${y}`),
    arc: () => ops.push("arc"),
    stroke: () => ops.push("stroke"),
    fill: () => ops.push("fill"),
    lineWidth: 0,
    strokeStyle: "",
    fillStyle: "",
    lineCap: "butt",
    lineJoin: "miter",
  } as PathContext;
  drawStroke(ctx, { points: [[0, 0], [0.5, 0.5], [1, 0]], color: "#ff0000", width: 0.01 }, 200, 100);
  expect(ops).toEqual(["begin", "M0,0", "Q100,50 150,25", "L200,0", "stroke"]);
  expect(ctx.lineWidth).toBe(1);
  expect(ctx.strokeStyle).toBe("#ff0000");
});
