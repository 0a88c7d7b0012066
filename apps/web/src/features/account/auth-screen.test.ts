import { type AppConfig, type User, VISITOR_ABILITIES } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import {
  authScreenFor,
  changesMember,
  initialScreen,
  popupReaction,
  screenTitle,
  showsGoogleSignIn,
} from './auth-screen';

const visitor: User = {
  id: 0,
  name: '',
  email: '',
  verified: false,
  plan: 'free',
  is_user: true,
  has_password: false,
  tz_offset: 0,
  abilities: { ...VISITOR_ABILITIES },
};
const unverified: User = { ...visitor, id: 7, email: 'ann@example.com' };
const verified: User = { ...unverified, verified: true };
const config: AppConfig = { googleClientId: null, signupHidden: false, debug: false, supportEmail: 'help@example.com' };

describe('authScreenFor', () => {
  it('forces an unverified member to Verify whatever was asked', () => {
    for (const requested of ['signup', 'login', 'forgot', 'profile', 'change-password'] as const) {
      expect(authScreenFor(unverified, requested, config)).toBe('verify');
    }
  });

  it('shows a verified member the profile, or the password form they opened', () => {
    expect(authScreenFor(verified, 'signup', config)).toBe('profile');
    expect(authScreenFor(verified, 'login', config)).toBe('profile');
    expect(authScreenFor(verified, 'change-password', config)).toBe('change-password');
  });

  it('shows visitors the tab or Forgot screen they chose', () => {
    expect(authScreenFor(visitor, 'signup', config)).toBe('signup');
    expect(authScreenFor(visitor, 'login', config)).toBe('login');
    expect(authScreenFor(visitor, 'forgot', config)).toBe('forgot');
    expect(authScreenFor(undefined, 'profile', config)).toBe('login');
  });

  it('never shows signup when it is hidden', () => {
    const hidden = { ...config, signupHidden: true };
    expect(authScreenFor(visitor, 'signup', hidden)).toBe('login');
    expect(initialScreen(hidden)).toBe('login');
    expect(initialScreen(hidden, 'signup')).toBe('login');
    expect(initialScreen(config)).toBe('signup');
  });

  it("starts on the opener's tab", () => {
    expect(initialScreen(config, 'login')).toBe('login');
    expect(initialScreen(config, 'signup')).toBe('signup');
    expect(initialScreen(config, null)).toBe('signup');
  });
});

describe('showsGoogleSignIn', () => {
  it('needs a client id and visible signup', () => {
    expect(showsGoogleSignIn(config)).toBe(false);
    expect(showsGoogleSignIn({ ...config, googleClientId: 'abc' })).toBe(true);
    expect(showsGoogleSignIn({ ...config, googleClientId: 'abc', signupHidden: true })).toBe(false);
    expect(showsGoogleSignIn(undefined)).toBe(false);
  });
});

describe('changesMember', () => {
  it('is true for actions that sign someone in', () => {
    expect(['login', 'signup', 'google-auth', 'forgot/check'].every((a) => changesMember(a as never))).toBe(true);
    expect(['update', 'reset-pw', 'verify/send', 'verify/check', 'info'].some((a) => changesMember(a as never))).toBe(
      false,
    );
  });
});

describe('popupReaction', () => {
  it('opens for an unverified member', () => {
    expect(popupReaction(visitor, unverified)).toBe('open');
    expect(popupReaction(undefined, unverified)).toBe('open');
  });

  it('closes once someone becomes a verified member', () => {
    expect(popupReaction(unverified, verified)).toBe('close');
    expect(popupReaction(visitor, verified)).toBe('close');
  });

  it('leaves the popup alone otherwise', () => {
    expect(popupReaction(verified, verified)).toBeNull();
    expect(popupReaction(verified, { ...verified, name: 'Ann' })).toBeNull();
    expect(popupReaction(undefined, visitor)).toBeNull();
  });
});

describe('screenTitle', () => {
  it('names each screen, letting an opener title the visitor screens only', () => {
    expect(screenTitle('verify', unverified, 'Login to continue')).toBe('Verify your account');
    expect(screenTitle('signup', visitor, 'Login to continue')).toBe('Login to continue');
    expect(screenTitle('signup', visitor, null)).toBe('Welcome to Reelwright');
    expect(screenTitle('login', visitor, null)).toBe('Welcome to Reelwright');
    expect(screenTitle('change-password', verified, null)).toBe('Set a password');
    expect(screenTitle('change-password', { ...verified, has_password: true }, null)).toBe('Change your password');
  });
});
