import { eq } from 'drizzle-orm';
import type { ClientAppCarePlan } from '@hearth/shared/client-app/client-app-care-plan.schema';
import type { ClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import type { Scope } from '../../auth/scope';
import { clients } from '../clients/clients.schema';
import { reachClient } from './client-app.access';

/**
 * clientAppGetCarePlan {clientId} (careNotes permission; issue "client and family app" item 3): the client's care
 * plan, read-only, as the caregiver's phone shows it at /app/care-plans/{id}: the tasks the office set
 * (clients.care_plan_tasks, English names of the fixed list, in the office's order).
 * @returns {clientId, tasks}; tasks is [] when the office has set none.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient).
 */
export async function clientAppGetCarePlan({
  scope,
  input,
}: {
  scope: Scope;
  input: ClientAppClientInput;
}): Promise<ClientAppCarePlan> {
  const client = await reachClient(scope, input.clientId, 'careNotes');
  const [row] = await scope.db.select({ tasks: clients.carePlanTasks }).from(clients).where(eq(clients.id, client.clientId));
  return { clientId: client.clientId, tasks: row?.tasks ?? [] };
}
