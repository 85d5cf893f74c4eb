import {
  Autocomplete,
  createTheme,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';

/** Inputs default to the extra-small size (spec section 9). */
const xsInput = { defaultProps: { size: 'xs' } };

/** The Mantine theme: spec breakpoints (tablet 62em, large 75em), input size, modal and tooltip transitions. */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    TextInput: TextInput.extend(xsInput),
    PasswordInput: PasswordInput.extend(xsInput),
    NumberInput: NumberInput.extend(xsInput),
    Select: Select.extend(xsInput),
    MultiSelect: MultiSelect.extend(xsInput),
    Autocomplete: Autocomplete.extend(xsInput),
    Textarea: Textarea.extend(xsInput),
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 200 } } }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 0, transitionProps: { duration: 100 } } }),
  },
});

/** Notification placement and limits (spec section 9). */
export const NOTIFICATIONS_PROPS = {
  position: 'bottom-right',
  autoClose: 4000,
  limit: 5,
  containerWidth: 440,
  notificationMaxHeight: 200,
  transitionDuration: 250,
} as const;

/** Top loading bar (spec section 9). */
export const NAVIGATION_PROGRESS_PROPS = { stepInterval: 500, size: 3 } as const;
