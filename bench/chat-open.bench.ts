/**
 * Benchmark of opening a long conversation in /chat (issue 22 "Performance": a 10,000-message conversation opens in
 * under a second at 4x CPU slowdown), in Debian's Chromium against a real server process on PostgreSQL.
 *
 * The nurse of the demo agency has two group conversations with the branch manager: one of CHAT_OPEN_MESSAGES
 * messages (default 10,000) and, as the baseline, one of 10. Each round opens /chat, slows the CPU 4 times (Chrome
 * DevTools Protocol `Emulation.setCPUThrottlingRate`), clicks one conversation and times, in the page, from the
 * pointer going down to the newest message being in the list (and to the frame after, painted). The two
 * conversations alternate, ROUNDS times each after a warm-up, so both meet the same machine; median and p95 of each
 * are printed beside the target.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chat-open
 *
 * Creates and drops its own database; builds the web app first when its sources changed (scripts/ensure-built.mjs).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { adminQuery, databaseUrl, prepareTemplate } from '../apps/server/src/test/test-database';
import { statsLine } from './large-agency';
import { freePort, signIn, startServerProcess, stopServerProcess } from './server-process';
import { machineLoad } from './machine-load';

const SECRET = 'bench-chat-open-secret-bench-chat-open-0123456789';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LONG = Number(process.env.CHAT_OPEN_MESSAGES ?? 10_000);
const SHORT = 10;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const CPU_SLOWDOWN = 4;
const TARGET_MS = 1000;

type Database = ReturnType<typeof openPostgres>;

/**
 * A group conversation titled `title` between `managerId` (who sends `count` messages, "Message n of <title>") and
 * `nurseId` -> its id.
 */
async function seedConversation(database: Database, title: string, count: number, managerId: number, nurseId: number) {
  const [conversation] = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      with c as (
        insert into chat_conversations (company_id, kind, title, created_by_user_id)
        select company_id, 'group', ${title}, id from users where id = ${managerId} returning id),
      m as (insert into chat_members (conversation_id, user_id)
        select c.id, u from c, unnest(array[${managerId}, ${nurseId}]::int[]) u)
      select id from c`),
  );
  const id = conversation!.id;
  await database.db.execute(sql`
    insert into chat_messages (conversation_id, sender_user_id, client_message_id, body)
    select ${id}::int, ${managerId}::int, gen_random_uuid(), 'Message ' || g || ' of ' || ${title}::text
    from generate_series(1, ${count}::int) g order by g`);
  await database.db.execute(sql`
    update chat_conversations set last_message_id = m.id, last_message_at = now()
    from (select max(id) as id from chat_messages where conversation_id = ${id}::int) m where chat_conversations.id = ${id}::int`);
  return id;
}

/** The id of demo user `username`. */
async function userIdOf(database: Database, username: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from users where username = ${username}`));
  return row!.id;
}

/**
 * Opens /chat, slows the CPU, clicks conversation `id` and waits for `newest` (its last message's text) in the list
 * -> {shown, painted}: milliseconds from the pointer going down to the text in the list, and to the next frame.
 */
async function timeOpen(page: Page, base: string, id: number, newest: string): Promise<{ shown: number; painted: number }> {
  await page.goto(`${base}/chat`);
  const row = page.getByTestId(`conversation-${id}`);
  await row.waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await page.evaluate((text) => {
      const w = window as unknown as { benchOpen?: { down?: number; shown?: number; painted?: number } };
      const timing: { down?: number; shown?: number; painted?: number } = {};
      w.benchOpen = timing;
      document.addEventListener('pointerdown', () => (timing.down = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const list = document.querySelector('[role=log]');
        if (timing.down === undefined || timing.shown !== undefined || !list?.textContent?.includes(text)) return;
        timing.shown = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => requestAnimationFrame(() => (timing.painted = performance.now())));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, newest);
    // Dispatched rather than clicked: Playwright's own checks before a click would run in the slowed page too.
    await row.dispatchEvent('pointerdown');
    await row.dispatchEvent('click');
    await page.waitForFunction(
      () => (window as unknown as { benchOpen: { painted?: number } }).benchOpen.painted !== undefined,
      null,
      { polling: 200, timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const t = (window as unknown as { benchOpen: { down: number; shown: number; painted: number } }).benchOpen;
      return { shown: t.shown - t.down, painted: t.painted - t.down };
    });
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function main() {
  const name = `hearth_bench_chat_open_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = openPostgres(url, 2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-chat-open-'));
  let child: ChildProcess | null = null;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    await prepareTemplate(database);
    const managerId = await userIdOf(database, 'branchmanager');
    const nurseId = await userIdOf(database, 'nurse');
    const longId = await seedConversation(database, 'the long history', LONG, managerId, nurseId);
    const shortId = await seedConversation(database, 'the short one', SHORT, managerId, nurseId);
    await database.db.execute(sql`analyze chat_messages`);
    execFileSync(process.execPath, ['scripts/ensure-built.mjs'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: 'inherit',
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startServerProcess(url, port, dir, SECRET);
    const token = await signIn(base, 'nurse');
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/login`);
    await page.evaluate((value) => window.localStorage.setItem('hearth.token', value), token);

    const samples = { long: [] as number[], short: [] as number[], longPainted: [] as number[], shortPainted: [] as number[] };
    for (let round = 0; round <= ROUNDS; round++) {
      const long = await timeOpen(page, base, longId, `Message ${LONG} of the long history`);
      const short = await timeOpen(page, base, shortId, `Message ${SHORT} of the short one`);
      if (round === 0) continue; // warm-up: the chat screen's code and the first connection
      samples.long.push(long.shown);
      samples.longPainted.push(long.painted);
      samples.short.push(short.shown);
      samples.shortPainted.push(short.painted);
    }

    console.log(
      `\nOpening a conversation in /chat at ${CPU_SLOWDOWN}x CPU slowdown, ${ROUNDS} rounds (target < ${TARGET_MS} ms; ${machineLoad()})`,
    );
    console.log(statsLine(`${LONG.toLocaleString('en-US')} messages: newest message shown`, samples.long, 48));
    console.log(statsLine(`${LONG.toLocaleString('en-US')} messages: painted`, samples.longPainted, 48));
    console.log(statsLine(`baseline, ${SHORT} messages: newest message shown`, samples.short, 48));
    console.log(statsLine(`baseline, ${SHORT} messages: painted`, samples.shortPainted, 48));
  } finally {
    await browser?.close();
    if (child) await stopServerProcess(child);
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
