/**
 * The drawing behind the signature pad, kept as strokes in CSS pixels so it can be redrawn at any pixel density
 * (a resize, a rotation) and exported at a bounded one.
 */

/** A point in CSS pixels from the pad's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/** One touch or pen movement from down to up. */
export type Stroke = Point[];

/** The part of CanvasRenderingContext2D the pad draws with (a test records the calls). */
export interface StrokeContext {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  stroke(): void;
  fill(): void;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
}

/** Ink width in CSS pixels. */
export const INK_WIDTH = 2.5;
/** Ink colour: dark on the white pad in both colour schemes, as on paper. */
export const INK_COLOR = '#1a1b1e';
/**
 * At most this many device pixels per CSS pixel in the exported PNG: enough to stay sharp on paper, small enough
 * for the 300,000-character limit of a signature (ZSignatureImage).
 */
export const MAX_EXPORT_SCALE = 2;

/** Where a pointer event falls on the pad, in CSS pixels, clamped to its box. */
export function padPoint(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Point {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return { x: clamp(clientX - rect.left, rect.width), y: clamp(clientY - rect.top, rect.height) };
}

/** The canvas's backing size for a CSS size at a pixel density (whole device pixels, at least 1). */
export function backingSize(cssWidth: number, cssHeight: number, scale: number): { width: number; height: number } {
  const s = Number.isFinite(scale) && scale > 0 ? scale : 1;
  return { width: Math.max(1, Math.round(cssWidth * s)), height: Math.max(1, Math.round(cssHeight * s)) };
}

/** The scale a PNG is exported at for a device's pixel ratio. */
export function exportScale(devicePixelRatio: number): number {
  return Math.min(Math.max(devicePixelRatio || 1, 1), MAX_EXPORT_SCALE);
}

/**
 * Draws the strokes on a context whose canvas is `scale` device pixels per CSS pixel, after clearing it. A stroke
 * of one point (a tap, a dot on an "i") is a dot.
 */
export function renderStrokes(ctx: StrokeContext, strokes: Stroke[], scale: number, cssWidth: number, cssHeight: number): void {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, cssWidth, cssHeight);
  ctx.lineWidth = INK_WIDTH;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK_COLOR;
  ctx.fillStyle = INK_COLOR;
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    ctx.beginPath();
    if (rest.length === 0) {
      ctx.arc(first.x, first.y, INK_WIDTH / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
}

/** Whether anything was drawn. */
export function hasInk(strokes: Stroke[]): boolean {
  return strokes.some((s) => s.length > 0);
}
