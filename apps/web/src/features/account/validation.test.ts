import { messages } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import {
  changedPassword,
  looksLikeEmail,
  newPassword,
  normalizeCode,
  oneTimeCode,
  requiredEmail,
  requiredName,
  requiredPassword,
} from './validation';

describe('email', () => {
  it('looks valid only with a name, an @ and a dotted domain', () => {
    expect(looksLikeEmail('ann@example.com')).toBe(true);
    expect(looksLikeEmail('  ann@example.com ')).toBe(true);
    expect(looksLikeEmail('ann@example')).toBe(false);
    expect(looksLikeEmail('ann example@x.com')).toBe(false);
    expect(looksLikeEmail('')).toBe(false);
  });

  it('is required', () => {
    expect(requiredEmail('')).toBe('Please enter your email.');
    expect(requiredEmail('ann')).toBe('Please enter a valid email address.');
    expect(requiredEmail('ann@example.com')).toBeNull();
  });
});

describe('name and password', () => {
  it('requires a name that is not blank', () => {
    expect(requiredName('  ')).toBe('Please enter your name.');
    expect(requiredName('Ann')).toBeNull();
  });

  it('requires a password on login', () => {
    expect(requiredPassword('')).toBe('Please enter your password.');
    expect(requiredPassword('x')).toBeNull();
  });

  it('needs at least 6 characters for a new password', () => {
    expect(newPassword('12345')).toBe('Password must be at least 6 characters.');
    expect(newPassword('123456')).toBeNull();
  });

  it('rejects a changed password equal to the old one', () => {
    expect(changedPassword('secret1', 'secret1')).toBe(messages.newPasswordMustDiffer);
    expect(changedPassword('secret2', 'secret1')).toBeNull();
    expect(changedPassword('secret2', '')).toBeNull();
    expect(changedPassword('abc', 'abc')).toBe('Password must be at least 6 characters.');
  });
});

describe('one-time codes', () => {
  it('ignores spaces and dashes from a pasted code', () => {
    expect(normalizeCode(' 1234 5678 ')).toBe('12345678');
    expect(normalizeCode('1234-5678')).toBe('12345678');
  });

  it('needs at least 8 characters', () => {
    expect(oneTimeCode('1234567')).toMatch(/8 digits/);
    expect(oneTimeCode('1234 5678')).toBeNull();
  });
});
