import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import {
  backingSize,
  exportScale,
  hasInk,
  INK_COLOR,
  INK_WIDTH,
  padPoint,
  renderStrokes,
  type Point,
  type Stroke,
} from './signature-strokes';

function pixelRatio(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}

/** The strokes as a PNG data URL at a bounded density (transparent background, dark ink). */
function strokesToPng(strokes: Stroke[], cssWidth: number, cssHeight: number): string | null {
  const scale = exportScale(pixelRatio());
  const canvas = document.createElement('canvas');
  const size = backingSize(cssWidth, cssHeight, scale);
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  renderStrokes(ctx, strokes, scale, cssWidth, cssHeight);
  return canvas.toDataURL('image/png');
}

/** Inks the dot a stroke starts with. */
function inkDot(ctx: CanvasRenderingContext2D, point: Point) {
  ctx.fillStyle = INK_COLOR;
  ctx.beginPath();
  ctx.arc(point.x, point.y, INK_WIDTH / 2, 0, Math.PI * 2);
  ctx.fill();
}

/** Inks `stroke` on from its last point through `points`, which it then holds too. */
function inkOn(ctx: CanvasRenderingContext2D, stroke: Stroke, points: Point[]) {
  ctx.lineWidth = INK_WIDTH;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK_COLOR;
  ctx.beginPath();
  const last = stroke[stroke.length - 1]!;
  ctx.moveTo(last.x, last.y);
  for (const p of points) {
    ctx.lineTo(p.x, p.y);
    stroke.push(p);
  }
  ctx.stroke();
}

/**
 * The drawing of a signature pad `width` x `height` CSS pixels: the strokes drawn so far, the canvas they are inked
 * on (`canvasRef`, sized in device pixels), its pointer handlers (one pointer draws at a time; `finish` ends a
 * stroke and hands the whole drawing to `onChange` as a PNG data URL) and `clear` (hands up null). A `value` from
 * outside (an answer saved before) is shown until the person draws anew; drawing over it replaces it.
 */
export function useSignatureDrawing(props: {
  value: string | null;
  onChange: (value: string | null) => void;
  width: number;
  height: number;
}) {
  const { value, onChange, width, height } = props;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const strokes = useRef<Stroke[]>([]);
  const activePointer = useRef<number | null>(null);
  /** The last PNG this pad handed up: a `value` equal to it is our own drawing, not one to show from outside. */
  const exported = useRef<string | null>(null);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || width <= 0) return;
    const scale = pixelRatio();
    const size = backingSize(width, height, scale);
    if (canvas.width !== size.width) canvas.width = size.width;
    if (canvas.height !== size.height) canvas.height = size.height;
    renderStrokes(ctx, strokes.current, scale, width, height);
    if (!hasInk(strokes.current) && value) {
      const image = new Image();
      image.onload = () => {
        // Still nothing drawn since: show the saved drawing, scaled into the pad keeping its proportions.
        if (hasInk(strokes.current)) return;
        const fit = Math.min(width / image.width, height / image.height);
        ctx.drawImage(image, 0, 0, image.width * fit, image.height * fit);
      };
      image.src = value;
    }
  }, [width, height, value]);

  useEffect(() => {
    if (value !== exported.current) {
      // Cleared or replaced from outside (another choice of signing, a saved answer): start from it.
      strokes.current = [];
      exported.current = value;
    }
    redraw();
  }, [value, redraw]);

  const finish = () => {
    activePointer.current = null;
    if (!hasInk(strokes.current) || width <= 0) return;
    const png = strokesToPng(strokes.current, width, height);
    exported.current = png;
    onChange(png);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== null) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    activePointer.current = event.pointerId;
    if (!hasInk(strokes.current) && value) {
      // Drawing over a saved signature replaces it.
      const ctx = canvasRef.current?.getContext('2d');
      ctx?.setTransform(pixelRatio(), 0, 0, pixelRatio(), 0, 0);
      ctx?.clearRect(0, 0, width, height);
    }
    const point = padPoint(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);
    strokes.current.push([point]);
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) inkDot(ctx, point);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    const stroke = strokes.current[strokes.current.length - 1];
    const ctx = canvasRef.current?.getContext('2d');
    if (!stroke || !ctx) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // Coalesced events carry the points a fast finger passed between two frames.
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const points = (events.length > 0 ? events : [native]).map((e) => padPoint(rect, e.clientX, e.clientY));
    inkOn(ctx, stroke, points);
  };

  const clear = () => {
    strokes.current = [];
    exported.current = null;
    onChange(null);
    redraw();
  };
  return { canvasRef, onPointerDown, onPointerMove, finish, clear };
}
