import { exportScale, INK_COLOR } from './signature-strokes';

/**
 * A typed signature (issue 27, WCAG 2.2 AA: the signature pad's alternative for people who cannot draw, or use a
 * keyboard or switch): the full name the person types, written in a handwriting-like face onto an image the size of
 * the pad. It is saved as the same PNG as a drawn signature (ZSignatureImage), so the review, the PDF and the
 * office read it as they read a drawing; the care sheet keeps no other trace of how it was made.
 */

/** The face of a typed signature: the system's script (cursive) face, else an italic serif. */
export const TYPED_FONT_FAMILY = "'Segoe Script', 'Brush Script MT', 'URW Chancery L', cursive, serif";

/** Font size bounds in CSS pixels: large enough to read on paper, small enough to leave the pad's margins. */
const MAX_FONT_SIZE = 48;
const MIN_FONT_SIZE = 12;
/** Room left between the name and the pad's edges, in CSS pixels. */
const MARGIN = 16;

/**
 * The font size (CSS pixels) at which a name `widthAt100` pixels wide at 100 px fits the pad of `width` by `height`
 * CSS pixels inside its margins: at most 48 px, at most 45 percent of the pad's height, at least 12 px (a very long
 * name is then cut at the pad's edge rather than unreadably small).
 */
export function typedFontSize(widthAt100: number, width: number, height: number): number {
  const byWidth = widthAt100 > 0 ? ((width - 2 * MARGIN) * 100) / widthAt100 : MAX_FONT_SIZE;
  const size = Math.min(MAX_FONT_SIZE, height * 0.45, byWidth);
  return Math.max(MIN_FONT_SIZE, Math.floor(size));
}

/**
 * The typed `name` as a PNG data URL of the pad's size (`width` by `height` CSS pixels, at the export scale of a
 * drawing), the ink colour of a drawing on white, centred on the pad's baseline.
 * @returns null for a name of only spaces, or where the browser has no 2D canvas
 */
export function typedSignaturePng(name: string, width: number, height: number): string | null {
  const text = name.trim().replace(/\s+/g, ' ');
  if (!text || width <= 0 || height <= 0) return null;
  const scale = exportScale(window.devicePixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.font = `italic 100px ${TYPED_FONT_FAMILY}`;
  const size = typedFontSize(ctx.measureText(text).width, width, height);
  ctx.font = `italic ${size}px ${TYPED_FONT_FAMILY}`;
  ctx.fillStyle = INK_COLOR;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(text, width / 2, height / 2 + size / 3, width - 2 * MARGIN);
  return canvas.toDataURL('image/png');
}
