import { describe, expect, it } from 'vitest';
import { CallerCache, credentialKey } from './caller-cache';

/** A cache on a clock the test moves by hand. */
function cacheAt(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const cache = new CallerCache<string>({ ...options, now: () => clock.now });
  return { cache, clock };
}

const FAR = Number.MAX_SAFE_INTEGER;

describe('CallerCache', () => {
  it('returns an entry until its TTL has passed, then forgets it', () => {
    const { cache, clock } = cacheAt({ ttlMs: 30_000 });
    cache.set('a', 'caller a', FAR);
    clock.now += 29_999;
    expect(cache.get('a')).toBe('caller a');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not extend the TTL on reads', () => {
    const { cache, clock } = cacheAt({ ttlMs: 30_000 });
    cache.set('a', 'caller a', FAR);
    clock.now += 20_000;
    expect(cache.get('a')).toBe('caller a');
    clock.now += 10_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('stops at the session expiry when it comes before the TTL', () => {
    const { cache, clock } = cacheAt({ ttlMs: 30_000 });
    cache.set('a', 'caller a', clock.now + 5_000);
    clock.now += 4_999;
    expect(cache.get('a')).toBe('caller a');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store an entry whose session has already expired, or whose expiry is unreadable', () => {
    const { cache, clock } = cacheAt();
    cache.set('a', 'caller a', clock.now);
    cache.set('b', 'caller b', Number.NaN);
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const { cache } = cacheAt({ maxEntries: 2 });
    cache.set('a', 'caller a', FAR);
    cache.set('b', 'caller b', FAR);
    expect(cache.get('a')).toBe('caller a'); // a is now more recent than b
    cache.set('c', 'caller c', FAR);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('caller a');
    expect(cache.get('c')).toBe('caller c');
  });

  it('replaces an entry stored again under the same key, with a fresh TTL', () => {
    const { cache, clock } = cacheAt({ ttlMs: 30_000, maxEntries: 2 });
    cache.set('a', 'old', FAR);
    clock.now += 20_000;
    cache.set('a', 'new', FAR);
    expect(cache.size).toBe(1);
    clock.now += 20_000;
    expect(cache.get('a')).toBe('new');
  });

  it('forgets an entry on request (a caller found stale) and leaves the others', () => {
    const { cache } = cacheAt();
    cache.set('a', 'caller a', FAR);
    cache.set('b', 'caller b', FAR);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('caller b');
    expect(cache.size).toBe(1);
  });

  it('refuses a bound or TTL that is not positive', () => {
    expect(() => new CallerCache({ maxEntries: 0 })).toThrow(/positive/);
    expect(() => new CallerCache({ ttlMs: -1 })).toThrow(/positive/);
  });
});

describe('credentialKey', () => {
  it('is a SHA-256 of the credentials that never contains the token', () => {
    const key = credentialKey(new Headers({ authorization: 'Bearer secret-token.sig' }));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('secret-token');
  });

  it('differs between tokens, and between a token sent as bearer and as a cookie', () => {
    const bearer = credentialKey(new Headers({ authorization: 'Bearer t1.sig' }));
    expect(credentialKey(new Headers({ authorization: 'Bearer t1.sig' }))).toBe(bearer);
    expect(credentialKey(new Headers({ authorization: 'Bearer t2.sig' }))).not.toBe(bearer);
    expect(credentialKey(new Headers({ cookie: 'better-auth.session_token=t1.sig' }))).not.toBe(bearer);
  });

  it('depends on the cookies too, since better-auth falls back to them when a bearer token fails', () => {
    const alone = credentialKey(new Headers({ authorization: 'Bearer t1.sig' }));
    const withCookie = credentialKey(new Headers({ authorization: 'Bearer t1.sig', cookie: 'better-auth.session_token=t9.sig' }));
    expect(withCookie).not.toBe(alone);
  });

  it('is null without credentials', () => {
    expect(credentialKey(new Headers({ 'x-app-version': '3.13.55' }))).toBeNull();
  });
});
