import { toRgba } from '@mantine/core';

/**
 * Colour arithmetic for the theme's readable colours (issue 27, WCAG 2.2 AA): the contrast ratio of WCAG 2, a
 * translucent tint as the eye sees it, and a colour moved just far enough from its backgrounds to be read.
 */

/** Minimum contrast of normal-size text with its background: WCAG 2.2 success criterion 1.4.3 (AA). */
export const TEXT_CONTRAST = 4.5;

/**
 * Minimum contrast of the parts of a control needed to see it (an input's or checkbox's border) and of a focus
 * indicator with the colours next to them: WCAG 2.2 success criterion 1.4.11 (non-text contrast, AA).
 */
export const NON_TEXT_CONTRAST = 3;

/** `readable` moves a colour toward black or white in this many equal steps (2 percent of the way each). */
const STEPS = 50;

/** A 0-255 channel as two hex digits. */
const hexByte = (value: number) =>
  Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');

/** Red, green and blue (0-255) as #rrggbb. */
const toHex = (r: number, g: number, b: number) => `#${hexByte(r)}${hexByte(g)}${hexByte(b)}`;

/** The channel's linear light (the sRGB transfer function of WCAG 2's relative luminance). */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * The relative luminance of WCAG 2 (0 for black, 1 for white) of an opaque colour.
 * @param color any colour Mantine's toRgba reads (#rgb, #rrggbb, rgb(), rgba(); alpha is ignored)
 */
export function relativeLuminance(color: string): number {
  const { r, g, b } = toRgba(color);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio of WCAG 2 (success criterion 1.4.3, "contrast ratio" in its glossary) of two opaque colours.
 * @returns from 1 (the same luminance) to 21 (black and white); the order of the colours does not matter
 */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * `color` painted with `opacity` over the opaque `background`: the colour the eye sees of a translucent tint such as
 * Mantine's light variant (a colour at 10 percent over the page).
 * @param opacity from 0 (only the background) to 1 (only the colour)
 * @returns an opaque #rrggbb colour
 */
export function over(color: string, background: string, opacity: number): string {
  const top = toRgba(color);
  const bottom = toRgba(background);
  const mix = (a: number, b: number) => a * opacity + b * (1 - opacity);
  return toHex(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b));
}

/**
 * `color` moved toward black (when the backgrounds are lighter than it) or toward white (when they are darker) in
 * small steps, until its contrast with every one of `backgrounds` reaches `minimum`: the least change that makes text
 * readable, so a palette colour keeps its hue.
 * @param backgrounds opaque colours the text is shown on (at least one)
 * @param minimum the contrast ratio to reach; TEXT_CONTRAST (4.5) unless given
 * @returns `color` itself when it already reaches the minimum, else an opaque #rrggbb colour (black or white at
 *   worst, which the caller's tests must show to be enough)
 */
export function readable(color: string, backgrounds: string[], minimum = TEXT_CONTRAST): string {
  const worst = (candidate: string) => Math.min(...backgrounds.map((background) => contrastRatio(candidate, background)));
  if (worst(color) >= minimum) return color;
  const { r, g, b } = toRgba(color);
  const lighterBackgrounds =
    backgrounds.reduce((sum, background) => sum + relativeLuminance(background), 0) / backgrounds.length >
    relativeLuminance(color);
  const target = lighterBackgrounds ? 0 : 255;
  let candidate = color;
  for (let step = 1; step <= STEPS && worst(candidate) < minimum; step++) {
    const t = step / STEPS;
    candidate = toHex(r + (target - r) * t, g + (target - g) * t, b + (target - b) * t);
  }
  return candidate;
}
