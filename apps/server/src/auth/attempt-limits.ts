import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../errors/app-error';
import { rateLimits, users } from '../features/users/users.schema';

/** At most `max` counted attempts per key in each window of `windowSeconds`. */
export interface AttemptLimit {
  max: number;
  windowSeconds: number;
}

/**
 * The limits on guessing credentials (issue 28, "Sessions"), from config.ts:
 * - sign-in: failed attempts per account (`perAccount`, the lower) and per client address (`perAddress`), the
 *   username and email paths counting against the same account, so one person's typos lock only their own account
 *   and an office behind one address keeps signing in, while a guesser gets `perAccount` tries whichever path;
 * - login links: failed redemptions per address (guessing tokens) and redemptions per user (`perUser`).
 */
export interface AttemptLimitsConfig {
  signIn: { perAccount: number; perAddress: number; windowSeconds: number };
  loginLink: { perAddress: number; perUser: number; windowSeconds: number };
}

/** Counters taken for one attempt: given back when the attempt is not to count (it succeeded, or was refused). */
export interface TakenAttempt {
  keys: string[];
}

/**
 * Counts one attempt under `key` in the current fixed window (better-auth's rate_limits table, under keys of
 * Hearth's own prefixes, so its rows never meet better-auth's): atomic, so concurrent attempts cannot all pass a
 * read made before any of them counted.
 * @returns the count in the window including this attempt, and the seconds until the window ends.
 */
async function countAttempt(
  db: Db,
  key: string,
  windowSeconds: number,
  nowMs: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const windowMs = windowSeconds * 1000;
  const expired = sql`${rateLimits.lastRequest} <= ${nowMs - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${nowMs} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  if (!row) throw new Error('rate_limits upsert returned nothing');
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.windowStart) + windowMs - nowMs) / 1000)) };
}

/** Takes back one counted attempt under each key (never below zero). */
export async function giveBack(db: Db, taken: TakenAttempt): Promise<void> {
  if (taken.keys.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(or(...taken.keys.map((key) => eq(rateLimits.key, key))));
}

/** "in 3 minutes", "in 40 seconds": when a refused attempt may be tried again. */
function waitText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts an attempt under every key with its limit; when one of them is past its limit, the counts are given back
 * (a refused attempt is not a guess) and the attempt refused.
 * @returns the counters taken, to give back when the attempt turns out not to count.
 * @throws AppError TOO_MANY_REQUESTS `<message of the limit reached> Try again in <wait>.`, with the wait in
 *   `retryAfterSeconds`.
 */
async function takeAttempt(
  db: Db,
  counters: { key: string; limit: AttemptLimit; message: string }[],
  nowMs: number,
): Promise<TakenAttempt> {
  const taken: TakenAttempt = { keys: counters.map((c) => c.key) };
  let refusal: { message: string; retryAfterSeconds: number } | null = null;
  for (const counter of counters) {
    const { count, retryAfterSeconds } = await countAttempt(db, counter.key, counter.limit.windowSeconds, nowMs);
    if (count > counter.limit.max && !refusal) refusal = { message: counter.message, retryAfterSeconds };
  }
  if (refusal) {
    await giveBack(db, taken);
    throw new AttemptsRefused(`${refusal.message} Try again ${waitText(refusal.retryAfterSeconds)}.`, refusal.retryAfterSeconds);
  }
  return taken;
}

/** An attempt refused for too many earlier ones: 429 with a Retry-After of `retryAfterSeconds`. */
export class AttemptsRefused extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

/**
 * Awaits `work`; when it is refused for too many attempts, the reply gets the Retry-After header (seconds) before
 * the error goes on to the error handler (429 with the message).
 */
export async function withRetryAfter<T>(reply: { header(name: string, value: string): unknown }, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AttemptsRefused) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * The account a sign-in names, the same for its username and its email (case-insensitive), so both paths share one
 * budget: `user:<id>` for an existing user, else the identifier itself (a guesser learns nothing from the limits).
 */
async function accountKeyOf(db: Db, identifier: string): Promise<string> {
  const name = identifier.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${name}`))
    .limit(1);
  return user ? `user:${user.id}` : `name:${name.slice(0, 200)}`;
}

/**
 * The attempt limits of one server (createAuth): sign-in and login-link redemption, counted in the database so every
 * server process shares them.
 */
export class AttemptLimits {
  constructor(
    private readonly db: Db,
    readonly config: AttemptLimitsConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a sign-in attempt of `identifier` (a username or an email; null when the body has none) from `address`
   * against the account's and the address's limits. The caller gives it back (giveBack) unless the attempt failed
   * on its credentials, so only wrong passwords count.
   * @throws AttemptsRefused (429) "Too many failed sign-ins for this account." or "... from this address.".
   */
  async beginSignIn(identifier: string | null, address: string): Promise<TakenAttempt> {
    const { perAccount, perAddress, windowSeconds } = this.config.signIn;
    const counters = [
      {
        key: `hearth:sign-in:address:${address}`,
        limit: { max: perAddress, windowSeconds },
        message: 'Too many failed sign-ins from this address.',
      },
    ];
    if (identifier) {
      counters.unshift({
        key: `hearth:sign-in:account:${await accountKeyOf(this.db, identifier)}`,
        limit: { max: perAccount, windowSeconds },
        message: 'Too many failed sign-ins for this account.',
      });
    }
    return takeAttempt(this.db, counters, this.now());
  }

  /**
   * Counts a login-link redemption from `address` (the caller gives it back when the link was valid: only failed
   * redemptions count per address).
   * @throws AttemptsRefused (429) "Too many sign-in link attempts from this address.".
   */
  async beginLinkRedemption(address: string): Promise<TakenAttempt> {
    const { perAddress, windowSeconds } = this.config.loginLink;
    return takeAttempt(
      this.db,
      [
        {
          key: `hearth:login-link:address:${address}`,
          limit: { max: perAddress, windowSeconds },
          message: 'Too many sign-in link attempts from this address.',
        },
      ],
      this.now(),
    );
  }

  /**
   * Counts a redemption of a valid link of user `userId`, before its session is made.
   * @throws AttemptsRefused (429) "Too many sign-ins by link for this account." past `perUser` in the window.
   */
  async countLinkSignIn(userId: number): Promise<void> {
    const { perUser, windowSeconds } = this.config.loginLink;
    await takeAttempt(
      this.db,
      [
        {
          key: `hearth:login-link:user:${userId}`,
          limit: { max: perUser, windowSeconds },
          message: 'Too many sign-ins by link for this account.',
        },
      ],
      this.now(),
    );
  }

  /** Gives back counted attempts (see giveBack). */
  giveBack(taken: TakenAttempt): Promise<void> {
    return giveBack(this.db, taken);
  }
}
