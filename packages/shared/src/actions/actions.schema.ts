import { z } from 'zod';
import { zText } from '../app/input-rules';

/** Most calls one POST /api/actions may carry. */
export const MAX_ACTION_CALLS = 50;

/** Action calls made within this window are grouped into one batch (spec section 9). */
export const ACTION_BATCH_WINDOW_MS = 50;

/** Form values are sent for parse-only validation this long after the last change (spec section 9). */
export const FORM_VALIDATION_DEBOUNCE_MS = 500;

/** One call of a batch (spec section 7): the action (procedure path), its input, and whether to only validate it. */
export const ZActionCall = z.object({
  name: zText().min(1, 'name is required').max(200),
  input: z.unknown().optional(),
  parseOnly: z.boolean().optional().default(false),
});
export type ActionCall = z.input<typeof ZActionCall>;

/** Body of POST /api/actions: `{calls: [{name, input, parseOnly}]}`, at most MAX_ACTION_CALLS calls. */
export const ZActionBatchRequest = z.object({
  calls: z.array(ZActionCall).max(MAX_ACTION_CALLS, `At most ${MAX_ACTION_CALLS} calls per batch`),
});
export type ActionBatchRequest = z.input<typeof ZActionBatchRequest>;

/**
 * One entry of the answer to POST /api/actions, in the order of the calls: the call's data, or its error message
 * (spec section 7). A parse-only call's data is the field errors `{field: "first message"}`, empty when valid.
 */
export type ActionResultEntry = { result: { data: unknown } } | { result: { error: string } };

/** An action the caller may call, as GET /api/actions lists it. */
export interface ActionInfo {
  name: string;
  type: 'query' | 'mutation';
}

/** Body of GET /api/actions. */
export interface ActionList {
  actions: ActionInfo[];
}
