/**
 * Drawing geometry: strokes are stored with points relative to the video's picture (0..1 each way,
 * the letterbox bars excluded) and a width relative to its height, so every viewer sees them at the
 * same place on the picture whatever the size of their player.
 */
import { STROKE_MAX_POINTS, type Stroke } from "@/lib/sync";

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the picture is inside the element (object-fit: contain, the default for video). */
export function pictureRect(element: Rect, videoWidth: number, videoHeight: number, objectFit = "contain"): Rect {
  if (!videoWidth || !videoHeight || element.width <= 0 || element.height <= 0 || objectFit === "fill") return element;
  const scale =
    objectFit === "cover"
      ? Math.max(element.width / videoWidth, element.height / videoHeight)
      : Math.min(element.width / videoWidth, element.height / videoHeight);
  const width = videoWidth * scale;
  const height = videoHeight * scale;
  return { left: element.left + (element.width - width) / 2, top: element.top + (element.height - height) / 2, width, height };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A pointer position (client px) → picture-relative, clamped to the picture. */
export function toRelative(x: number, y: number, picture: Rect): [number, number] {
  return [clamp01((x - picture.left) / picture.width), clamp01((y - picture.top) / picture.height)];
}

/** Drops points closer than `minDistance` (relative units) to the last kept one; keeps the last point; caps the count. */
export function simplify(points: [number, number][], minDistance = 0.003): [number, number][] {
  if (points.length <= 2) return points.slice(0, STROKE_MAX_POINTS);
  const first = points[0]!;
  const kept: [number, number][] = [first];
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const last = kept[kept.length - 1]!;
    if (Math.hypot(p[0] - last[0], p[1] - last[1]) >= minDistance) kept.push(p);
  }
  kept.push(points[points.length - 1]!);
  if (kept.length <= STROKE_MAX_POINTS) return kept;
  // Too long: keep every n-th point (and the ends).
  const step = Math.ceil(kept.length / (STROKE_MAX_POINTS - 1));
  const thinned = kept.filter((_, i) => i % step === 0);
  thinned.push(kept[kept.length - 1]!);
  return thinned.slice(0, STROKE_MAX_POINTS);
}

export interface PathContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  stroke(): void;
  fill(): void;
  lineWidth: number;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
}

/** Draws one stroke smoothly (quadratic curves through the midpoints) onto a canvas of `width`×`height` px. */
export function drawStroke(ctx: PathContext, stroke: Pick<Stroke, "points" | "color" | "width">, width: number, height: number): void {
  const pts = stroke.points.map(([x, y]) => [x * width, y * height] as const);
  const lineWidth = Math.max(1, stroke.width * height);
  ctx.strokeStyle = stroke.color;
  ctx.fillStyle = stroke.color;
  ctx.lineWidth = lineWidth;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const first = pts[0];
  if (!first) return;
  if (pts.length === 1) {
    ctx.beginPath();
    ctx.arc(first[0], first[1], lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(first[0], first[1]);
  for (let i = 1; i < pts.length - 1; i++) {
    const p = pts[i]!;
    const next = pts[i + 1]!;
    ctx.quadraticCurveTo(p[0], p[1], (p[0] + next[0]) / 2, (p[1] + next[1]) / 2);
  }
  const last = pts[pts.length - 1]!;
  ctx.lineTo(last[0], last[1]);
  ctx.stroke();
}

export function newStrokeId(random: () => number = Math.random): string {
  return `s${Date.now().toString(36)}${Math.floor(random() * 2 ** 32).toString(36)}`;
}

/**
 * The strip at the bottom of a player where sites put their controls (seek bar, play, volume,
 * fullscreen): the voice tiles never go there. Players differ; a fifth of the height, at least
 * 72 px, covers the native controls, YouTube's, Netflix's and Prime's bars.
 */
export function controlsBand(video: Rect): Rect {
  const height = Math.min(video.height, Math.max(72, video.height * 0.2));
  return { left: video.left, top: video.top + video.height - height, width: video.width, height };
}

const DOCK_MARGIN = 12;

/** The offset (dockRect's) that puts the dock at `rect`: where it is, as the person sees it. */
export function dockOffset(rect: Rect, video: Rect | null): { x: number; y: number } {
  return { x: rect.left - (video?.left ?? 0) - DOCK_MARGIN, y: rect.top - (video?.top ?? 0) - DOCK_MARGIN };
}

/**
 * Where the voice tiles go: docked at the video's top-left corner, or where the person dragged them
 * (`offset` from that corner), kept inside the viewport, left of `reserveRight` px (the party panel),
 * and never over the player's controls band. Too little room above the band: the dock gets shorter
 * (it scrolls) rather than covering the controls.
 */
export function dockRect(video: Rect | null, viewport: { width: number; height: number }, size: { width: number; height: number }, offset: { x: number; y: number } | null, reserveRight = 0): Rect {
  const anchor = video ?? { left: 0, top: 0, width: viewport.width, height: viewport.height };
  const width = Math.min(size.width, Math.max(0, viewport.width - reserveRight - 2 * DOCK_MARGIN));
  const maxLeft = Math.max(DOCK_MARGIN, viewport.width - reserveRight - width - DOCK_MARGIN);
  const left = Math.min(maxLeft, Math.max(DOCK_MARGIN, anchor.left + DOCK_MARGIN + (offset?.x ?? 0)));
  let top = Math.max(DOCK_MARGIN, anchor.top + DOCK_MARGIN + (offset?.y ?? 0));
  let height = Math.min(size.height, Math.max(0, viewport.height - 2 * DOCK_MARGIN));
  top = Math.min(top, Math.max(DOCK_MARGIN, viewport.height - DOCK_MARGIN - height));
  if (video) {
    const band = controlsBand(video);
    const overlapsX = left < band.left + band.width && left + width > band.left;
    const overlapsY = top < band.top + band.height && top + height > band.top;
    if (overlapsX && overlapsY) {
      if (top >= band.top) {
        // Dragged onto the controls: above them, or below the player when there is more room there.
        const below = band.top + band.height;
        top = below + height + DOCK_MARGIN <= viewport.height ? below : Math.max(DOCK_MARGIN, band.top - height);
      } else top = Math.max(DOCK_MARGIN, Math.min(top, band.top - height));
      if (top < band.top && top + height > band.top) height = Math.max(0, band.top - top);
    }
  }
  return { left, top, width, height };
}
