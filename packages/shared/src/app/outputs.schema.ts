import { z } from 'zod';

/* Output shapes shared by procedures of several features. */

/**
 * The envelope of a page of results (spec section 4 "Paging"): a next page exists while page < totalPages;
 * totalCount counts every matching row, page is 1-based, pageSize the rows asked for.
 */
export const ZPageEnvelope = z.object({
  totalCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});

/** A page of `row`s: the envelope plus the rows, as an output schema for a paged procedure. */
export function zPage<Row extends z.ZodType>(row: Row) {
  return ZPageEnvelope.extend({ rows: z.array(row) });
}

/** A page of results of type T (the shape zPage declares). */
export type Page<T> = z.infer<typeof ZPageEnvelope> & { rows: T[] };

/** The answer of a command with nothing to return but its success. */
export const ZOkOutput = z.object({ ok: z.literal(true) });
export type OkOutput = z.infer<typeof ZOkOutput>;
