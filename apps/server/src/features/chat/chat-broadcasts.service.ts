import type { z } from 'zod';
import type { BroadcastInput, BroadcastSummary, ZGetBroadcastsInput } from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';

/** Sends a broadcast (being written). */
export async function broadcast(_call: { scope: Scope; input: BroadcastInput }): Promise<BroadcastSummary> {
  throw new AppError('INTERNAL_SERVER_ERROR', 'Broadcasts are not available yet');
}

/** The caller's broadcasts (being written). */
export async function getBroadcasts(_call: {
  scope: Scope;
  input: z.infer<typeof ZGetBroadcastsInput>;
}): Promise<Page<BroadcastSummary>> {
  throw new AppError('INTERNAL_SERVER_ERROR', 'Broadcasts are not available yet');
}
