import { describe, expect, it } from 'vitest';
import { backingSize, exportScale, hasInk, padPoint, renderStrokes, type StrokeContext } from './signature-strokes';

/** A context that writes down what was drawn. */
function recorder() {
  const calls: string[] = [];
  const ctx: StrokeContext = {
    setTransform: (a, _b, _c, d) => calls.push(`scale ${a} ${d}`),
    clearRect: (x, y, w, h) => calls.push(`clear ${x} ${y} ${w} ${h}`),
    beginPath: () => calls.push('begin'),
    moveTo: (x, y) => calls.push(`move ${x} ${y}`),
    lineTo: (x, y) => calls.push(`line ${x} ${y}`),
    arc: (x, y) => calls.push(`dot ${x} ${y}`),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
    lineWidth: 0,
    lineCap: 'butt',
    lineJoin: 'miter',
    strokeStyle: '',
    fillStyle: '',
  };
  return { ctx, calls };
}

describe('signature strokes', () => {
  it('maps a pointer to the pad in CSS pixels, clamped to its box', () => {
    const rect = { left: 10, top: 100, width: 300, height: 150 };
    expect(padPoint(rect, 60, 130)).toEqual({ x: 50, y: 30 });
    expect(padPoint(rect, 0, 400)).toEqual({ x: 0, y: 150 });
  });

  it('sizes the canvas in device pixels and bounds the export density', () => {
    expect(backingSize(358, 160, 3)).toEqual({ width: 1074, height: 480 });
    expect(backingSize(358.4, 160, 1.5)).toEqual({ width: 538, height: 240 });
    expect(backingSize(100, 50, 0)).toEqual({ width: 100, height: 50 });
    expect(exportScale(3)).toBe(2);
    expect(exportScale(1)).toBe(1);
    expect(exportScale(0)).toBe(1);
  });

  it('redraws every stroke at the given density after clearing, a tap as a dot', () => {
    const { ctx, calls } = recorder();
    renderStrokes(
      ctx,
      [
        [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
          { x: 5, y: 6 },
        ],
        [{ x: 9, y: 9 }],
        [],
      ],
      2,
      300,
      150,
    );
    expect(calls).toEqual([
      'scale 2 2',
      'clear 0 0 300 150',
      'begin',
      'move 1 2',
      'line 3 4',
      'line 5 6',
      'stroke',
      'begin',
      'dot 9 9',
      'fill',
    ]);
    expect(ctx.lineCap).toBe('round');
  });

  it('knows a blank pad', () => {
    expect(hasInk([])).toBe(false);
    expect(hasInk([[]])).toBe(false);
    expect(hasInk([[{ x: 0, y: 0 }]])).toBe(true);
  });
});
