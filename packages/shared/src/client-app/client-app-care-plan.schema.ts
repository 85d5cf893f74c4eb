import { z } from 'zod';
import { zText } from '../app/input-rules';

/**
 * Output of clientAppGetCarePlan (issue "client and family app" item 3): the client's care plan, read-only, as the
 * caregiver's phone shows it at /app/care-plans/{id}: the tasks the office set (clients.care_plan_tasks, stored by
 * their English name from the fixed list of docs/glossary.md "Care plan"; the web groups them as ADLs and IADLs).
 * Access notes (door codes, keys) stay with the office and the caregiver: they are not part of it.
 */
export const ZClientAppCarePlan = z.object({
  clientId: z.number(),
  tasks: z.array(zText()),
});
export type ClientAppCarePlan = z.infer<typeof ZClientAppCarePlan>;
