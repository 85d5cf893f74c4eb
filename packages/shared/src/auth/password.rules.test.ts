import { describe, expect, it } from 'vitest';
import { passwordPolicyError } from './password.rules';

describe('password policy (spec section 5)', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefgh1!', 'Password must contain an uppercase letter'],
    ['ABCDEFGH1!', 'Password must contain a lowercase letter'],
    ['Abcdefgh!!', 'Password must contain a number'],
    ['Abcdefgh12', 'Password must contain a special character'],
  ])('refuses %s with the reason', (password, reason) => {
    expect(passwordPolicyError(password)).toBe(reason);
  });

  it('accepts a password meeting every rule', () => {
    expect(passwordPolicyError('Hearth-demo-1!')).toBeNull();
    expect(passwordPolicyError('Zz9 spaced')).toBeNull();
  });
});
