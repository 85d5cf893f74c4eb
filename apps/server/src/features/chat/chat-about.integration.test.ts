import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { ConversationDetail, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/rows';
import { addCaregiverUser, branchId, callAs, setChatFlags, userId } from './chat-fixtures.test-support';

/**
 * Conversations about a visit (issue 22 item 1, "shown on the visit's page"): chat.listConversations' shiftId filter
 * narrows what the caller already reaches, the scope rules unchanged: the nurse of the branch sees the ones they are
 * in, staff of another branch (a supervisor too) and a caregiver who is not a member see none and get a 404 opening
 * one; the caregiver member is named with their caregiver record (for copying an attachment to their files).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const people: Record<string, number> = {};
/** The demo caregiver's caregiver record and two of their Boston visits. */
let caregiverRecord: number;
let visit: number;
let otherVisit: number;
let visitClient: number;
let direct: number;
let team: number;

type Listed = Page<ConversationSummary>;
const list = (as: string, input: unknown) => callAs<Listed>(t, tokens[as]!, 'query', 'chat.listConversations', input);
const start = (as: string, input: unknown) =>
  callAs<ConversationDetail>(t, tokens[as]!, 'mutation', 'chat.startConversation', input);

beforeAll(async () => {
  t = await startTestApp();
  const boston = await branchId(t, 'Boston');
  await addCaregiverUser(t, 'notamember', 'Boston');
  for (const u of ['caregiver', 'branchmanager', 'nurse', 'prn', 'rvp']) people[u] = await userId(t, u);
  for (const u of ['caregiver', 'notamember', 'branchmanager', 'nurse', 'prn', 'rvp', 'companyadmin']) {
    tokens[u] = await t.signIn(u);
  }
  const shifts = rowsOf<{ id: number; client_id: number; caregiver_id: number }>(
    await t.database.db.execute(sql`select s.id, s.client_id, s.caregiver_id from shifts s
      join caregivers cg on cg.id = s.caregiver_id
      where cg.user_id = ${people.caregiver!} and s.branch_id = ${boston} order by s.id limit 2`),
  );
  expect(shifts).toHaveLength(2);
  visit = shifts[0]!.id;
  otherVisit = shifts[1]!.id;
  visitClient = shifts[0]!.client_id;
  caregiverRecord = shifts[0]!.caregiver_id;
  direct = (await start('branchmanager', { kind: 'direct', userIds: [people.caregiver], shiftId: visit })).data.id;
  team = (
    await start('branchmanager', {
      kind: 'group',
      title: 'Visit team',
      userIds: [people.nurse, people.caregiver],
      shiftId: visit,
    })
  ).data.id;
  await start('branchmanager', { kind: 'group', title: 'Other visit', userIds: [people.nurse], shiftId: otherVisit });
}, 120_000);
afterAll(() => t.close());

describe('chat.listConversations about a visit', () => {
  it('gives the visit and its client to a conversation started about the visit', async () => {
    const detail = await callAs<ConversationDetail>(t, tokens.branchmanager!, 'query', 'chat.getConversation', {
      conversationId: direct,
    });
    expect(detail.data.about).toMatchObject({ shiftId: visit, clientId: visitClient });
    expect(detail.data.about.shiftStart).toMatch(/Z$/);
  });

  it('lists for the manager both conversations about the visit, newest first, and none of another visit', async () => {
    const mine = await list('branchmanager', { shiftId: visit });
    expect(mine.status).toBe(200);
    expect(mine.data.rows.map((r) => r.id)).toEqual([team, direct]);
    expect(mine.data.totalCount).toBe(2);
    expect(mine.data.rows.every((r) => r.about.shiftId === visit)).toBe(true);
    const other = await list('branchmanager', { shiftId: otherVisit });
    expect(other.data.rows.map((r) => r.title)).toEqual(['Other visit']);
  });

  it('lists for the nurse of the branch only the ones they are in', async () => {
    const nurse = await list('nurse', { shiftId: visit });
    expect(nurse.status).toBe(200);
    expect(nurse.data.rows.map((r) => r.id)).toEqual([team]);
    expect(nurse.data.rows[0]).toMatchObject({ title: 'Visit team', isMember: true });
    // Narrowed by the client too, the same one.
    expect((await list('nurse', { shiftId: visit, clientId: visitClient })).data.rows.map((r) => r.id)).toEqual([team]);
    expect((await list('nurse', { shiftId: visit, clientId: visitClient + 100_000 })).data.rows).toEqual([]);
  });

  it("lists none to another branch's staff, a supervisor asking for the visit's branch included, and opens none (404)", async () => {
    const prn = await list('prn', { shiftId: visit });
    expect(prn).toMatchObject({ status: 200, data: { rows: [], totalCount: 0 } });
    await setChatFlags(t, ROLE_IDS.prn, { chatReadBranchConversationsEnabled: true });
    try {
      const asSupervisor = await list('prn', { shiftId: visit, branchId: await branchId(t, 'Boston') });
      expect(asSupervisor.data.rows).toEqual([]);
    } finally {
      await setChatFlags(t, ROLE_IDS.prn, { chatReadBranchConversationsEnabled: false });
    }
    const opened = await callAs(t, tokens.prn!, 'query', 'chat.getConversation', { conversationId: team });
    expect(opened.status).toBe(404);
  });

  it('lists the caregiver member theirs, and none to a caregiver who is not a member (404 opening one)', async () => {
    const own = await list('caregiver', { shiftId: visit });
    expect(own.data.rows.map((r) => r.id).sort()).toEqual([direct, team].sort());
    const stranger = await list('notamember', { shiftId: visit });
    expect(stranger).toMatchObject({ status: 200, data: { rows: [], totalCount: 0 } });
    expect((await callAs(t, tokens.notamember!, 'query', 'chat.getConversation', { conversationId: direct })).status).toBe(404);
  });

  it('refuses a malformed shiftId with a 400 naming the field', async () => {
    const bad = await list('nurse', { shiftId: 'seven' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain('shiftId');
    expect((await list('nurse', { shiftId: 0 })).status).toBe(400);
  });
});

describe('members of a conversation about a visit', () => {
  it("names the caregiver member's caregiver record, and none for staff", async () => {
    const detail = await callAs<ConversationDetail>(t, tokens.nurse!, 'query', 'chat.getConversation', {
      conversationId: team,
    });
    const byUser = new Map(detail.data.members.map((m) => [m.userId, m.caregiverId]));
    expect(byUser.get(people.caregiver!)).toBe(caregiverRecord);
    expect(byUser.get(people.nurse!)).toBeNull();
    expect(byUser.get(people.branchmanager!)).toBeNull();
  });
});
