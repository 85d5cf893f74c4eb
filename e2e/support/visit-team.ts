import type { APIRequestContext } from '@playwright/test';
import type { DateTime } from 'luxon';
import { mutation, query } from './api';
import { DEMO_PASSWORD } from './session';

/** A name no earlier run of the flow used (flows share one server and its data). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** Who a flow books visits for: its own client (at `home`) and caregiver, in a branch given by id or name. */
export interface TeamRequest {
  branch: { id: number } | { name: string };
  client: { firstName: string; lastName: string; line1: string; home: { lat: number; lon: number } };
  /** The caregiver's own phone number, when the flow calls or texts them. */
  caregiver: { firstName: string; lastName: string; phoneNumber?: string };
}

/**
 * Creates a flow's own client (with a primary Boston address at `home`) and caregiver (with a login, the demo
 * password) through the API as the holder of `token`, so no other flow books, checks in or counts their visits.
 * @returns their ids, the caregiver's username, and `book(from, to)`, which books a T1019 visit of the caregiver at
 * the client (times on any zone's clock, sent as UTC) and returns its id and start (ISO, UTC).
 */
export async function createVisitTeam(request: APIRequestContext, token: string, team: TeamRequest) {
  const branchId =
    'id' in team.branch
      ? team.branch.id
      : (await query<{ id: number; name: string }[]>(request, token, 'getBranches')).find(
          (b) => b.name === (team.branch as { name: string }).name,
        )!.id;
  const client = await mutation<{ id: number }>(request, token, 'createClient', {
    branchId,
    firstName: team.client.firstName,
    lastName: team.client.lastName,
  });
  await mutation(request, token, 'createClientAddress', {
    clientId: client.id,
    line1: team.client.line1,
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    ...team.client.home,
    isPrimary: true,
  });
  const caregiver = await mutation<{ id: number }>(request, token, 'createCaregiver', {
    branchId,
    firstName: team.caregiver.firstName,
    lastName: team.caregiver.lastName,
    status: 'active',
    ...(team.caregiver.phoneNumber ? { phoneNumber: team.caregiver.phoneNumber } : {}),
  });
  const login = await mutation<{ username: string }>(request, token, 'setCaregiverPassword', {
    caregiverId: caregiver.id,
    password: DEMO_PASSWORD,
  });
  const book = async (from: DateTime, to: DateTime) => {
    const created = await mutation<{ shift: { id: number } }>(request, token, 'createShift', {
      clientId: client.id,
      caregiverId: caregiver.id,
      startTimestamp: from.toUTC().toISO(),
      endTimestamp: to.toUTC().toISO(),
      serviceCode: 'T1019',
    });
    return { id: created.shift.id, startTimestamp: from.toUTC().toISO()! };
  };
  return { branchId, clientId: client.id, caregiverId: caregiver.id, username: login.username, book };
}
