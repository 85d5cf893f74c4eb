import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './app.router';
import { authedProcedure, router } from './init';

/**
 * The paths of `root`'s procedures that declare no zod output (issue 19 item 4: every procedure declares its output,
 * so what leaves is a whitelist of fields). tRPC v11 keeps a procedure's `.output(schema)` as `_def.output`.
 */
function proceduresWithoutOutput(root: { _def: { procedures: object } }): string[] {
  const procedures = root._def.procedures as Record<string, { _def: { output?: unknown } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => !(procedure._def.output instanceof z.ZodType))
    .map(([path]) => path)
    .sort();
}

describe('procedure outputs', () => {
  it('finds a procedure without an output, nested or not, and passes one with it', () => {
    const probe = router({
      declared: authedProcedure.output(z.object({ ok: z.literal(true) })).query(() => ({ ok: true as const })),
      undeclared: authedProcedure.query(() => ({ ok: true })),
      nested: router({ undeclared: authedProcedure.mutation(() => null) }),
    });
    expect(proceduresWithoutOutput(probe)).toEqual(['nested.undeclared', 'undeclared']);
  });

  it('every procedure of the app router declares its output', () => {
    expect(Object.keys(appRouter._def.procedures).length).toBeGreaterThan(100);
    expect(proceduresWithoutOutput(appRouter)).toEqual([]);
  });
});
