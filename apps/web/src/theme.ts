import { createTheme, type ModalProps, type TextInputProps, type TooltipProps } from '@mantine/core';

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

/** The Mantine theme: spec breakpoints (tablet 62em, large 75em), input size, modal and tooltip transitions. */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    TextInput: xsInput,
    PasswordInput: xsInput,
    NumberInput: xsInput,
    Select: xsInput,
    MultiSelect: xsInput,
    Autocomplete: xsInput,
    Textarea: xsInput,
    Modal: { defaultProps: { transitionProps: { duration: 200 } } } satisfies ThemeDefaults<ModalProps>,
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
} as const;
