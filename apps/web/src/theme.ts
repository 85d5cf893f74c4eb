import {
  createTheme,
  isVirtualColor,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineTheme,
  type ModalProps,
  type TextInputProps,
  type TooltipProps,
} from '@mantine/core';
import { NON_TEXT_CONTRAST, over, readable } from './theme.contrast';
import classes from './theme.module.css';
import { i18n } from './i18n/i18n.setup';

/**
 * Theme entries are plain objects (what `Component.extend` returns), with types only: importing the input, select
 * and modal components here would put their code into every page's first download (issue "caregiver app",
 * Performance).
 */
interface ThemeDefaults<P> {
  defaultProps: Partial<P>;
}

/** Inputs default to the extra-small size (spec section 9). */
const xsInput: ThemeDefaults<TextInputProps> = { defaultProps: { size: 'xs' } };

/** The sizes of icon buttons smaller than 24 CSS pixels: xs is 18 and sm 22 in Mantine. */
const SMALL_ICON_BUTTONS = new Set<unknown>(['xs', 'sm']);

/**
 * Icon buttons are at least 24 by 24 CSS pixels (WCAG 2.2 success criterion 2.5.8, target size minimum): the xs and
 * sm sizes get a 24 px box, the icon inside keeps its size. Only the variables change, so every other size is Mantine's.
 */
const actionIconVars = (_theme: unknown, props: { size?: unknown }) =>
  SMALL_ICON_BUTTONS.has(props.size) ? { root: { '--ai-size': 'calc(1.5rem * var(--mantine-scale))' } } : { root: {} };

/**
 * Checkboxes of size xs (16 px in Mantine) get the 20 px box of size sm, label and spacing unchanged: stacked at
 * Mantine's usual gaps of 4 px and more, each box then has the clear 24 px circle WCAG 2.2 success criterion 2.5.8
 * asks of a target smaller than 24 by 24 px.
 */
const checkboxVars = (_theme: unknown, props: { size?: unknown }) =>
  props.size === 'xs' ? { root: { '--checkbox-size': 'calc(1.25rem * var(--mantine-scale))' } } : { root: {} };

/**
 * The Mantine theme: spec breakpoints (tablet 62em, large 75em), input size, modal and tooltip transitions, icon
 * buttons of at least 24 px and checkboxes of at least 20. Keyboard focus shows a 2 px outline in
 * --hearth-focus-ring (focusClassName, for every Mantine control, and :focus-visible for the rest) and the borders of
 * inputs, checkboxes and radios are in --hearth-control-border: both at 3:1 in light and dark (WCAG 2.2 success
 * criteria 2.4.7 and 1.4.11; cssVariablesResolver sets them).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  focusRing: 'auto',
  focusClassName: classes.focus,
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    TextInput: xsInput,
    PasswordInput: xsInput,
    NumberInput: xsInput,
    Select: xsInput,
    MultiSelect: xsInput,
    Autocomplete: xsInput,
    Textarea: xsInput,
    Input: { classNames: { wrapper: classes.inputWrapper } },
    Checkbox: { vars: checkboxVars, classNames: { input: classes.choice } },
    Radio: { classNames: { radio: classes.choice } },
    SegmentedControl: { classNames: { input: classes.segmentInput, label: classes.segmentLabel } },
    Modal: { defaultProps: { transitionProps: { duration: 200 } } } satisfies ThemeDefaults<ModalProps>,
    // Mantine's close buttons (modals, drawers, notifications, clearable inputs) show only an icon: each gets a name in
    // the shown language unless it is given one (WCAG 4.1.2). A function, so it is read in the language of the render.
    CloseButton: { defaultProps: () => ({ 'aria-label': i18n.t('actions.close', { ns: 'common' }) }) },
    ActionIcon: { vars: actionIconVars },
    Notification: { classNames: { description: classes.notificationDescription } },
    Tooltip: {
      defaultProps: { openDelay: 0, transitionProps: { duration: 100 } },
    } satisfies ThemeDefaults<TooltipProps>,
  },
});

/**
 * Notification placement and limits (spec section 9). The containers render in place (position: fixed, above
 * modals by z-index) rather than in portals: portals mount in an effect, which made React render a second time, and
 * run every passive effect, before the app's first frame (the caregiver app's first screen paid for it).
 */
export const NOTIFICATIONS_PROPS = {
  withinPortal: false,
  position: 'bottom-right',
  autoClose: 4000,
  limit: 5,
  containerWidth: 440,
  notificationMaxHeight: 200,
  transitionDuration: 250,
} as const;

/** Top loading bar (spec section 9). */
export const NAVIGATION_PROGRESS_PROPS = {
  stepInterval: 500,
  size: 3,
  // In place (position: fixed) rather than in a portal, which would render the tree again before the first frame
  // (see NOTIFICATIONS_PROPS).
  withinPortal: false,
  // Its role is progressbar, which must have a name (WCAG 4.1.2; axe's aria-progressbar-name).
  'aria-label': 'Loading the page',
} as const;

/** A filled colour's hover: a tenth of the way to black (about the next shade of a Mantine palette). */
const deeper = (color: string) => over('#000000', color, 0.1);

/** CSS variables of one colour scheme, by name. */
type SchemeVariables = Record<string, string>;

/**
 * Every palette colour's light tint as the eye sees it (its `shade` at `opacity` over `page`): the backgrounds of
 * alerts, light badges and the schedule's visits, where dimmed text is read too.
 */
function tints(theme: MantineTheme, shade: number, page: string, opacity: number): string[] {
  return palettes(theme).map(([, colors]) => over(colors[shade]!, page, opacity));
}

/** The shade Mantine fills with in `scheme` (primaryShade: 6 in light, 8 in dark unless the theme says otherwise). */
function filledShade(theme: MantineTheme, scheme: Exclude<MantineColorScheme, 'auto'>): number {
  return typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
}

/**
 * Sets `name` to `value` when `value` differs from Mantine's `original`, so the scheme keeps Mantine's own colours
 * wherever they already read well.
 */
function setChanged(variables: SchemeVariables, name: string, value: string, original: string): void {
  if (value !== original) variables[name] = value;
}

/**
 * The scheme's dimmed, placeholder, link and error text colours, and the colours of the keyboard focus outline and of
 * control borders: the primary filled colour and gray moved just far enough to reach 3:1 with `surfaces`, the page
 * and control backgrounds they are drawn next to (WCAG 2.2 success criterion 1.4.11).
 */
function textVariables(
  theme: MantineTheme,
  text: { dimmed: string; error: string },
  controls: { filled: string; border: string; surfaces: string[] },
): SchemeVariables {
  const { dimmed, error } = text;
  return {
    '--hearth-focus-ring': readable(controls.filled, controls.surfaces, NON_TEXT_CONTRAST),
    '--hearth-control-border': readable(controls.border, controls.surfaces, NON_TEXT_CONTRAST),
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    '--mantine-color-error': error,
  };
}

/** The theme's palettes by name, without virtual colours (which only name others). */
function palettes(theme: MantineTheme): [string, MantineTheme['colors'][string]][] {
  return Object.entries(theme.colors).filter(([, colors]) => !isVirtualColor(colors));
}

/**
 * Sets the palette `name`'s filled colour and its hover to `base` moved just far enough toward black for white text
 * on it to reach 4.5:1 (buttons, filled badges); left to Mantine when `base` already does.
 */
function setFilled(variables: SchemeVariables, theme: MantineTheme, name: string, base: string): void {
  const filled = readable(base, [theme.white]);
  setChanged(variables, `--mantine-color-${name}-filled`, filled, base);
  setChanged(variables, `--mantine-color-${name}-filled-hover`, deeper(filled), deeper(base));
}

/**
 * The light scheme's readable colours. White text on a filled colour (buttons, filled badges) and a colour's text on
 * its light tint (light and subtle variants, `c="red"`, outline) reach 4.5:1; so does dimmed text on white, on the
 * near-white surfaces (gray 0 and 1: striped rows, hovered rows, the phone app's pressed tab) and on every colour's
 * light tint.
 */
function lightVariables(theme: MantineTheme): SchemeVariables {
  const white = theme.white;
  const [gray0, gray1] = theme.colors.gray as unknown as [string, string];
  const shade = filledShade(theme, 'light');
  const dimmed = readable(theme.colors.gray[6], [white, gray0, gray1, ...tints(theme, shade, white, 0.1)]);
  const surfaces = [white, gray0, gray1];
  const variables = textVariables(
    theme,
    { dimmed, error: 'var(--mantine-color-red-text)' },
    { filled: readable(theme.colors[theme.primaryColor]![shade]!, [theme.white]), border: theme.colors.gray[4], surfaces },
  );
  for (const [name, colors] of palettes(theme)) {
    const base = colors[shade]!;
    setFilled(variables, theme, name, base);
    const text = readable(base, [over(base, white, 0.1), over(base, gray0, 0.1)]);
    for (const role of ['text', 'light-color', 'outline']) setChanged(variables, `--mantine-color-${name}-${role}`, text, base);
  }
  return variables;
}

/**
 * The dark scheme's readable colours: white text on filled colours, a colour's light-variant text on its tint and its
 * plain text (color 4) on the page and on cards (dark 7 and 6), error text on both, and dimmed text on both and on
 * every colour's light tint.
 */
function darkVariables(theme: MantineTheme): SchemeVariables {
  const page = theme.colors.dark[7];
  const card = theme.colors.dark[6];
  const shade = filledShade(theme, 'dark');
  const dimmed = readable(theme.colors.dark[2], [page, card, ...tints(theme, Math.max(0, shade - 2), page, 0.15)]);
  const variables = textVariables(
    theme,
    { dimmed, error: readable(theme.colors.red[8], [page, card]) },
    {
      filled: readable(theme.colors[theme.primaryColor]![shade]!, [theme.white]),
      border: theme.colors.dark[4],
      surfaces: [page, card, theme.colors.dark[8]],
    },
  );
  for (const [name, colors] of palettes(theme)) {
    setFilled(variables, theme, name, colors[shade]!);
    const tint = colors[Math.max(0, shade - 2)]!;
    const lightColor = colors[Math.max(0, shade - 5)]!;
    const onTint = readable(lightColor, [over(tint, page, 0.15), over(tint, card, 0.15)]);
    setChanged(variables, `--mantine-color-${name}-light-color`, onTint, lightColor);
    setChanged(variables, `--mantine-color-${name}-text`, readable(colors[4]!, [page, card]), colors[4]!);
    const outline = colors[Math.max(0, shade - 4)]!;
    setChanged(variables, `--mantine-color-${name}-outline`, readable(outline, [page, card]), outline);
  }
  return variables;
}

/** Each theme's variables, worked out once (Mantine asks on every render of its provider). */
const resolved = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

/**
 * The theme's colours made readable in both schemes (issue 27, WCAG 2.2 AA success criterion 1.4.3), as CSS
 * variables over Mantine's defaults: dimmed, placeholder, link and error text, and every palette colour's filled,
 * light-variant and text colours, each moved just far enough toward black or white to reach 4.5:1 on the
 * backgrounds it is shown on (theme.contrast.ts); the focus outline and control borders at 3:1 (WCAG 1.4.11). For
 * MantineProvider's cssVariablesResolver.
 * @returns the light and dark variables (none for both schemes)
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  let result = resolved.get(theme);
  if (!result) {
    result = { variables: {}, light: lightVariables(theme), dark: darkVariables(theme) };
    resolved.set(theme, result);
  }
  return result;
};
