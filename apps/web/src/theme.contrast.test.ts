import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, NON_TEXT_CONTRAST, over, readable, TEXT_CONTRAST } from './theme.contrast';
import { cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = cssVariablesResolver(full);
const colors = Object.keys(DEFAULT_THEME.colors);

describe('contrastRatio', () => {
  it('gives the ratios of WCAG 2: 21 for black on white, 1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#12b886', '#12b886')).toBe(1);
    // Mantine's teal 6 under white text, as axe-core measured it on the sign-in button.
    expect(contrastRatio('#ffffff', '#12b886')).toBeCloseTo(2.55, 2);
  });
});

describe('over', () => {
  it('lays a colour at an opacity over a background', () => {
    expect(over('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(over('#ff0000', '#ffffff', 0)).toBe('#ffffff');
    expect(over('#ff0000', '#ffffff', 1)).toBe('#ff0000');
  });
});

describe('readable', () => {
  it('keeps a colour that already reads', () => {
    expect(readable('#495057', ['#ffffff'])).toBe('#495057');
  });

  it('darkens on light backgrounds and lightens on dark ones, just past the minimum', () => {
    const onWhite = readable('#868e96', ['#ffffff']);
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(onWhite, '#ffffff')).toBeLessThan(TEXT_CONTRAST + 0.3);
    const onDark = readable('#828282', ['#2e2e2e']);
    expect(contrastRatio(onDark, '#2e2e2e')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(onDark, '#828282')).toBeGreaterThan(1);
  });
});

describe('cssVariablesResolver', () => {
  const white = '#ffffff';
  const gray0 = DEFAULT_THEME.colors.gray[0];
  const page = DEFAULT_THEME.colors.dark[7];
  const card = DEFAULT_THEME.colors.dark[6];
  /** A variable of the scheme, or Mantine's default colour when the resolver keeps it. */
  const value = (variables: Record<string, string>, name: string, fallback: string) => variables[name] ?? fallback;

  it('makes dimmed text read on white, near-white surfaces and light tints, and on the dark page and cards', () => {
    for (const background of [white, gray0, DEFAULT_THEME.colors.gray[1], over(DEFAULT_THEME.colors.blue[6], white, 0.1)]) {
      expect(contrastRatio(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    for (const background of [page, card]) {
      expect(contrastRatio(dark['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(light['--mantine-color-placeholder']).toBe(light['--mantine-color-dimmed']);
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-teal-text)');
  });

  it.each(colors)('%s: white on filled and its text on its light tint reach 4.5:1 in light and dark', (name) => {
    const palette = DEFAULT_THEME.colors[name]!;
    const lightFilled = value(light, `--mantine-color-${name}-filled`, palette[6]);
    expect(contrastRatio(white, lightFilled)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const lightText = value(light, `--mantine-color-${name}-light-color`, palette[6]);
    expect(contrastRatio(lightText, over(palette[6], gray0, 0.1))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(value(light, `--mantine-color-${name}-text`, palette[6])).toBe(lightText);

    const darkFilled = value(dark, `--mantine-color-${name}-filled`, palette[8]);
    expect(contrastRatio(white, darkFilled)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const darkText = value(dark, `--mantine-color-${name}-light-color`, palette[3]);
    expect(contrastRatio(darkText, over(palette[6], card, 0.15))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps Mantine’s colours where they already read (violet filled in light, blue filled in dark)', () => {
    expect(light['--mantine-color-violet-filled']).toBeUndefined();
    expect(dark['--mantine-color-blue-filled']).toBeUndefined();
  });

  it('draws the focus outline and control borders at 3:1 with the page and control backgrounds in light and dark', () => {
    const lightSurfaces = [white, gray0, DEFAULT_THEME.colors.gray[1]];
    const darkSurfaces = [page, card, DEFAULT_THEME.colors.dark[8]];
    for (const [variables, surfaces] of [
      [light, lightSurfaces],
      [dark, darkSurfaces],
    ] as const) {
      for (const name of ['--hearth-focus-ring', '--hearth-control-border'] as const) {
        for (const surface of surfaces) {
          expect(contrastRatio(variables[name]!, surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
        }
      }
    }
    // Mantine's own borders (gray 4 on white, dark 4 on dark 6) are far below 3:1: the theme's are not Mantine's.
    expect(contrastRatio(DEFAULT_THEME.colors.gray[4], white)).toBeLessThan(NON_TEXT_CONTRAST);
    expect(light['--hearth-control-border']).not.toBe(DEFAULT_THEME.colors.gray[4]);
    expect(dark['--hearth-control-border']).not.toBe(DEFAULT_THEME.colors.dark[4]);
  });
});
