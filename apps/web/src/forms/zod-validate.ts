import type { z } from 'zod';

/**
 * Adapts a zod schema to @mantine/form's `validate` option: each issue becomes an error on its dotted path (first
 * message per field wins), so the form and the server check the same shared schema.
 */
export function zodValidate<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issue.message;
    }
    return errors;
  };
}
