import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  ForgotCheckInputSchema,
  LoginInputSchema,
  SignupInputSchema,
  VerifyCheckInputSchema,
  VerifySendInputSchema,
} from './schemas';

describe('account input schemas', () => {
  it('normalises e-mail addresses and ignores extra user fields', () => {
    const parsed = SignupInputSchema.parse({ email: '  Ada@Example.COM ', is_user: true, id: 0, tz_offset: '-60' });
    expect(parsed).toEqual({ email: 'ada@example.com', tz_offset: -60 });
  });

  it('refuses a malformed e-mail with a message a person can act on', () => {
    const result = LoginInputSchema.safeParse({ email: 'not-an-email', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });

  it('wants codes of exactly 8 digits', () => {
    expect(VerifyCheckInputSchema.safeParse({ code: '12345678' }).success).toBe(true);
    expect(VerifyCheckInputSchema.safeParse({ code: '1234567' }).success).toBe(false);
    expect(VerifyCheckInputSchema.safeParse({ code: '1234567a' }).success).toBe(false);
  });

  it('wants new passwords of at least 6 characters (spec 000 §5)', () => {
    const base = { email: 'a@b.co', code: '12345678' };
    expect(ForgotCheckInputSchema.safeParse({ ...base, new_password: '12345' }).success).toBe(false);
    expect(ForgotCheckInputSchema.safeParse({ ...base, new_password: '123456' }).success).toBe(true);
  });

  it("treats '' and null in optional fields as not given (the client sends its whole user object)", () => {
    expect(SignupInputSchema.parse({ email: 'a@b.co', password: '', name: null, tz_offset: null })).toEqual({
      email: 'a@b.co',
    });
    expect(ChangePasswordInputSchema.parse({ old_password: '', new_password: 'secret' })).toEqual({
      new_password: 'secret',
    });
    expect(VerifySendInputSchema.parse({ email: '', type: 'verify' })).toEqual({ type: 'verify' });
    expect(SignupInputSchema.safeParse({ email: 'a@b.co', password: '123' }).success).toBe(false);
  });
});
