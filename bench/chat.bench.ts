/**
 * Benchmark of chat (issue 22 "Performance") on PostgreSQL:
 *   1. A message sent through one server process reaches a member subscribed on another: two server processes
 *      (`tsx apps/server/src/main.ts`) on one database; the nurse POSTs chat.sendMessage to the first, the caregiver
 *      holds a live event stream on the second, and the time from the POST to the 'chat' event naming the
 *      conversation is measured, median and p95 over 200 messages sent one after another, against the target
 *      (p95 < 200 ms). Baseline in the same run: a plain INSERT of a row and NOTIFY in one transaction, heard by a
 *      LISTEN on another connection (the floor under any insert-then-notify delivery).
 *   2. getChatUnreadCount for a user in 2,000 conversations (10 messages each, a quarter unread, a quarter half read,
 *      the rest read) among 20,000 conversations and 200,000 messages: the service's statement (unreadCountOf) run in
 *      this process, and the procedure over HTTP on the second process, median and p95 over 200 calls, against the
 *      target (< 20 ms). Baseline: a plain count of the user's memberships.
 *   3. chat.broadcast by the company admin over HTTP to a branch of BROADCAST_RECIPIENTS (5,000) chat-enabled
 *      caregivers: the first (which also creates each caregiver's conversation with the sender) and the median of
 *      BROADCAST_REPEATS later ones (reusing them). Baseline: a plain multi-row INSERT of as many rows into a table
 *      without triggers or indexes but its key.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chat
 *
 * Creates and drops its own database. The nurse and the caregiver are the demo users, signed in over HTTP with the
 * demo authenticator's code.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { adminQuery, databaseUrl, prepareTemplate } from '../apps/server/src/test/test-database';
import { openLiveStream, type LiveStreamReader } from '../apps/server/src/features/live/live.test-support';
import { unreadCountOf } from '../apps/server/src/features/chat/chat-unread.service';
import { users } from '../apps/server/src/features/users/users.schema';
import { stats, statsLine, timeInTurns, WARMUP } from './large-agency';
import { freePort, signIn, startServerProcess, stopServerProcess } from './server-process';
import { machineLoad } from './machine-load';

const SECRET = 'bench-chat-secret-bench-chat-secret-0123456789';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = 200;
const READER_CONVERSATIONS = 2000;
const OTHER_CONVERSATIONS = 18_000;
const MESSAGES_PER_CONVERSATION = 10;
const TARGET_DELIVERY_P95_MS = 200;
const TARGET_UNREAD_P95_MS = 20;
const BROADCAST_RECIPIENTS = 5000;
const BROADCAST_REPEATS = 5;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (label: string, samples: number[]) => statsLine(label, samples, 52);

/** Waits for a 'chat' event about `conversationId` on `stream`; resolves with its arrival time. */
async function arrival(stream: LiveStreamReader, conversationId: number): Promise<number> {
  for (;;) {
    const event = await stream.next();
    if (event.topic === 'chat' && event.refId === conversationId) return performance.now();
  }
}

type Database = ReturnType<typeof openPostgres>;

/** The id of user `username`. */
async function userIdOf(database: Database, username: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/**
 * Conversations for the unread count: READER_CONVERSATIONS of `reader` with `other`, OTHER_CONVERSATIONS of `other`
 * alone with `other2`, each with MESSAGES_PER_CONVERSATION messages from the other member; the reader has read none
 * of a quarter, half of a quarter and all of the rest.
 */
async function seedConversations(database: Database, reader: number, other: number, other2: number): Promise<void> {
  const total = READER_CONVERSATIONS + OTHER_CONVERSATIONS;
  const [floor] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select coalesce(max(id), 0)::int as id from chat_conversations`),
  );
  const after = sql`${floor!.id}::int`;
  await database.db.execute(sql`
    insert into chat_conversations (company_id, kind, branch_id, created_by_user_id)
    select (select company_id from users where id = ${other}::int), 'direct', null, ${other}::int
    from generate_series(1, ${total}::int)`);
  await database.db.execute(sql`
    with c as (select id, row_number() over (order by id) as n from chat_conversations where id > ${after})
    insert into chat_members (conversation_id, user_id)
    select id, ${other}::int from c
    union all select id, case when n <= ${READER_CONVERSATIONS}::int then ${reader}::int else ${other2}::int end from c`);
  await database.db.execute(sql`
    insert into chat_messages (conversation_id, sender_user_id, client_message_id, body)
    select c.id, ${other}::int, gen_random_uuid(), 'Message ' || g
    from chat_conversations c, generate_series(1, ${MESSAGES_PER_CONVERSATION}::int) g
    where c.id > ${after}
    order by c.id, g`);
  await database.db.execute(sql`
    update chat_conversations c set last_message_id = m.last_id, last_message_at = now()
    from (select conversation_id, max(id) as last_id from chat_messages group by conversation_id) m
    where m.conversation_id = c.id and c.id > ${after}`);
  await database.db.execute(sql`
    with ranked as (
      select m.conversation_id, m.user_id, c.last_message_id, row_number() over (order by m.conversation_id) as n
      from chat_members m join chat_conversations c on c.id = m.conversation_id
      where m.user_id in (${reader}::int, ${other2}::int) and c.id > ${after})
    update chat_members cm set last_read_message_id = case
        when r.n % 4 = 0 then null
        when r.n % 4 = 1 then r.last_message_id - ${MESSAGES_PER_CONVERSATION / 2}::int
        else r.last_message_id end
    from ranked r where cm.conversation_id = r.conversation_id and cm.user_id = r.user_id`);
  await database.db.execute(sql`analyze chat_conversations`);
  await database.db.execute(sql`analyze chat_members`);
  await database.db.execute(sql`analyze chat_messages`);
}

/**
 * A branch of `companyOf`'s company with BROADCAST_RECIPIENTS caregivers, each with an active record and a
 * chat-enabled sign-in (caregiver role) -> the branch id.
 */
async function seedBroadcastBranch(database: Database, companyOf: number): Promise<number> {
  const [branch] = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      insert into branches (company_id, name) select company_id, 'Bench broadcast' from users where id = ${companyOf}
      returning id`),
  );
  await database.db.execute(sql`
    with u as (
      insert into users (name, email, username, company_id, role_id)
      select 'Bench carer ' || g, 'bench-carer-' || g || '@example.com', 'benchcarer' || g,
        (select company_id from users where id = ${companyOf}), (select role_id from users where username = 'caregiver')
      from generate_series(1, ${BROADCAST_RECIPIENTS}::int) g
      returning id)
    insert into caregivers (branch_id, user_id, first_name, last_name)
    select ${branch!.id}::int, u.id, 'Bench', 'Carer ' || u.id from u`);
  await database.db.execute(sql`analyze caregivers`);
  await database.db.execute(sql`analyze users`);
  return branch!.id;
}

async function main() {
  const name = `hearth_bench_chat_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = openPostgres(url, 5);
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-chat-')));
  const children: ChildProcess[] = [];
  let stream: LiveStreamReader | null = null;
  try {
    await prepareTemplate(database);
    const nurse = await userIdOf(database, 'nurse');
    const caregiver = await userIdOf(database, 'caregiver');
    const [sender, receiver] = [await freePort(), await freePort()].map((port) => `http://127.0.0.1:${port}`);
    for (const [i, base] of [sender!, receiver!].entries()) {
      children.push(await startServerProcess(url, Number(new URL(base).port), dirs[i]!, SECRET));
    }
    const nurseToken = await signIn(sender!, 'nurse');
    const caregiverToken = await signIn(receiver!, 'caregiver');
    const [conversation] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        with c as (insert into chat_conversations (company_id, kind, branch_id, created_by_user_id)
          select company_id, 'direct', null, id from users where id = ${nurse} returning id),
        m as (insert into chat_members (conversation_id, user_id) select c.id, u from c, unnest(array[${nurse}, ${caregiver}]::int[]) u)
        select id from c`),
    );
    const conversationId = conversation!.id;

    // 1. Send through one process, receive on the other.
    stream = await openLiveStream(receiver!, caregiverToken, { origin: receiver! });
    if (stream.status !== 200 || (await stream.next()).topic !== 'ready') throw new Error('stream refused');
    const delivery: number[] = [];
    for (let i = 0; i < MESSAGES + WARMUP; i++) {
      const started = performance.now();
      const arrived = arrival(stream, conversationId);
      const res = await fetch(`${sender}/api/trpc/chat.sendMessage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${nurseToken}`, 'content-type': 'application/json', origin: sender! },
        body: JSON.stringify({ conversationId, clientMessageId: randomUUID(), body: `Message ${i}` }),
      });
      if (res.status !== 200) throw new Error(`chat.sendMessage answered ${res.status}: ${await res.text()}`);
      const took = (await arrived) - started;
      if (i >= WARMUP) delivery.push(took);
    }
    stream.close();
    stream = null;
    await database.db.execute(sql`create table bench_round_trip (id serial primary key, body text not null)`);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    await listener.query('LISTEN bench_round_trip');
    const [baseline = []] = await timeInTurns([
      async () => {
        const heard = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into bench_round_trip (body) values ('message')`);
          await tx.execute(sql.raw(`NOTIFY bench_round_trip, 'x'`));
        });
        await heard;
      },
    ]);
    await listener.end();

    // 2. The unread count of a user in 2,000 conversations.
    const seedStarted = performance.now();
    const other2 = await userIdOf(database, 'branchmanager');
    await seedConversations(database, caregiver, nurse, other2);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const expected = await unreadCountOf(database.db, caregiver);
    // In turns, so the statement, the procedure and the baseline see the same load on the machine.
    const [inProcess = [], overHttp = [], plainCount = []] = await timeInTurns([
      () => unreadCountOf(database.db, caregiver),
      async () => {
        const res = await fetch(`${receiver}/api/trpc/getChatUnreadCount`, {
          headers: { authorization: `Bearer ${caregiverToken}`, origin: receiver! },
        });
        if (res.status !== 200) throw new Error(`getChatUnreadCount answered ${res.status}`);
        await res.arrayBuffer();
      },
      () => database.db.execute(sql`select count(*) from chat_members where user_id = ${caregiver}`),
    ]);

    // 3. A broadcast to a branch of 5,000 caregivers.
    const broadcastBranch = await seedBroadcastBranch(database, nurse);
    const adminToken = await signIn(sender!, 'companyadmin');
    const sendBroadcast = async (body: string) => {
      const started = performance.now();
      const res = await fetch(`${sender}/api/trpc/chat.broadcast`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', origin: sender! },
        body: JSON.stringify({ audience: 'branch', branchId: broadcastBranch, clientMessageId: randomUUID(), body }),
      });
      const answer = (await res.json()) as { result?: { data?: { recipientCount: number } } };
      if (res.status !== 200 || answer.result?.data?.recipientCount !== BROADCAST_RECIPIENTS) {
        throw new Error(`chat.broadcast answered ${res.status}: ${JSON.stringify(answer)}`);
      }
      return performance.now() - started;
    };
    const firstBroadcast = await sendBroadcast('The first broadcast');
    const laterBroadcasts: number[] = [];
    const plainInserts: number[] = [];
    await database.db.execute(sql`create table bench_broadcast_rows (id serial primary key, n int not null, body text not null)`);
    for (let i = 0; i < BROADCAST_REPEATS; i++) {
      laterBroadcasts.push(await sendBroadcast(`Broadcast ${i}`));
      const started = performance.now();
      await database.db.execute(sql`
        insert into bench_broadcast_rows (n, body)
        select g, 'Broadcast' from generate_series(1, ${BROADCAST_RECIPIENTS}::int) g`);
      plainInserts.push(performance.now() - started);
    }

    const deliveryP95 = stats(delivery).p95;
    const unreadP95 = stats(inProcess).p95;
    console.log(`\nChat, two server processes on PostgreSQL (${MESSAGES} messages, one at a time; ${machineLoad()})`);
    console.log(line('sendMessage on one -> the member hears it on the other', delivery));
    console.log(line('baseline: plain INSERT + NOTIFY round trip', baseline));
    console.log(
      `target p95 < ${TARGET_DELIVERY_P95_MS} ms: ${deliveryP95 < TARGET_DELIVERY_P95_MS ? 'met' : 'NOT met'} (${ms(deliveryP95)})`,
    );
    console.log(
      `\ngetChatUnreadCount of a user in ${READER_CONVERSATIONS} conversations (${expected.count} unread in ${expected.conversations}),` +
        ` among ${READER_CONVERSATIONS + OTHER_CONVERSATIONS} conversations and` +
        ` ${(READER_CONVERSATIONS + OTHER_CONVERSATIONS) * MESSAGES_PER_CONVERSATION} messages (seeded in ${seedSeconds.toFixed(1)} s)`,
    );
    console.log(line('the service statement (unreadCountOf), in process', inProcess));
    console.log(line('getChatUnreadCount over HTTP (sign-in check, scope)', overHttp));
    console.log(line("baseline: plain count of the user's memberships", plainCount));
    console.log(
      `target p95 < ${TARGET_UNREAD_P95_MS} ms: ${unreadP95 < TARGET_UNREAD_P95_MS ? 'met' : 'NOT met'} (${ms(unreadP95)})`,
    );
    console.log(`\nchat.broadcast over HTTP to a branch of ${BROADCAST_RECIPIENTS} caregivers`);
    console.log(`${'the first (creates each conversation with the sender)'.padEnd(52)} ${ms(firstBroadcast)}`);
    console.log(line(`later ones (reusing them), ${BROADCAST_REPEATS} runs`, laterBroadcasts));
    console.log(line(`baseline: plain INSERT of ${BROADCAST_RECIPIENTS} rows`, plainInserts));
    console.log(
      `machine load average while measuring: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} on ${os.cpus().length} cores`,
    );
  } finally {
    stream?.close();
    for (const child of children) await stopServerProcess(child);
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
