import { describe, expect, it } from 'vitest';
import { ZUserEditFields, ZUserHistoryQuery } from './users.schema';

const valid = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', isActive: true, v2RoleId: 5 };

describe('user edit rules (spec section 5)', () => {
  it.each([3, 8, 9, -1, 1.5])('refuses v2RoleId %s with "Invalid role"', (v2RoleId) => {
    const result = ZUserEditFields.safeParse({ ...valid, v2RoleId });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid role');
  });

  it('requires a valid email and leaves the phone and time zone optional (a left-out time zone is kept)', () => {
    expect(ZUserEditFields.safeParse({ ...valid, email: '' }).error?.issues[0]?.message).toBe('Email is required');
    expect(ZUserEditFields.safeParse({ ...valid, email: 'nope' }).error?.issues[0]?.message).toBe('Invalid email');
    const ok = ZUserEditFields.parse(valid);
    expect(ok.phoneNumber).toBeUndefined();
    expect(ok.timezone).toBeUndefined();
    expect(ZUserEditFields.safeParse({ ...valid, timezone: 'Mars/Olympus' }).error?.issues[0]?.message).toBe('Unknown time zone');
  });

  it('accepts role 0, the assignable picker roles and Developer (the server refuses it to all but system-level callers)', () => {
    for (const v2RoleId of [0, 1, 2, 4, 5, 6, 7]) expect(ZUserEditFields.safeParse({ ...valid, v2RoleId }).success).toBe(true);
  });
});

describe('history query (spec section 5)', () => {
  it('defaults page 1 and pageSize 50', () => {
    expect(ZUserHistoryQuery.parse({ userId: '7' })).toEqual({ userId: 7, page: 1, pageSize: 50 });
  });

  it.each([
    [{ userId: '0' }, 'userId must be a positive integer'],
    [{ userId: 'abc' }, undefined],
    [{ userId: '1', page: '0' }, 'page must be at least 1'],
    [{ userId: '1', pageSize: '101' }, 'pageSize must be between 1 and 100'],
    [{ userId: '1', pageSize: '0' }, 'pageSize must be between 1 and 100'],
  ])('refuses %o', (query, message) => {
    const result = ZUserHistoryQuery.safeParse(query);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});
