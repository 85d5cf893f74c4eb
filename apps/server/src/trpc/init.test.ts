import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicErrorOf } from './init';

const zodErrorOf = (value: unknown) => z.object({ id: z.number() }).safeParse(value).error!;

describe('publicErrorOf', () => {
  it('words a zod error of the input as the input’s fault', () => {
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: zodErrorOf({ id: 'x' }) });
    expect(publicErrorOf(error)).toEqual({ message: 'id: Invalid input: expected number, received string', unexpected: false });
  });

  it('hides an answer that fails its declared output as an internal error to log, never the input’s fault', () => {
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause: zodErrorOf({}) });
    expect(publicErrorOf(error)).toEqual({ message: 'Internal server error', unexpected: true });
  });
});
