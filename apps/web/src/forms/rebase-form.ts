import type { UseFormReturnType } from '@mantine/form';

/**
 * After a save, makes the saved `values` the form's new baseline: what it shows, what Reset returns to and what the
 * dirty check compares with (an edit page stays open on the record it saved).
 */
export function rebaseForm<Values>(form: UseFormReturnType<Values>, values: Values): void {
  form.setInitialValues(values);
  form.setValues(values);
  form.resetDirty(values);
}
