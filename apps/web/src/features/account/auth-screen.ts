import { type AccessAction, type AppConfig, messages, type User } from '@reelwright/core';

/** Every screen the authentication form can show (spec 000 §2 "Authentication form"). */
export type AuthScreen = 'signup' | 'login' | 'forgot' | 'verify' | 'profile' | 'change-password';

/** The screen a person asked for by a tab or link; the user's state may overrule it. */
export type RequestedScreen = Exclude<AuthScreen, 'verify'>;

const isMember = (user: User | undefined): user is User => !!user && user.id > 0;

/**
 * Chooses the screen: unverified members are forced to Verify, verified members see Profile (or
 * the change-password form they opened), visitors see the tab or Forgot screen they picked —
 * never the signup tab when signup is hidden.
 */
export function authScreenFor(
  user: User | undefined,
  requested: RequestedScreen,
  config: Pick<AppConfig, 'signupHidden'> | undefined,
): AuthScreen {
  if (isMember(user)) {
    if (!user.verified) return 'verify';
    return requested === 'change-password' ? 'change-password' : 'profile';
  }
  if (requested === 'forgot') return 'forgot';
  if (requested === 'signup' && !config?.signupHidden) return 'signup';
  return 'login';
}

/**
 * The heading over a screen. An opener's title (e.g. 'Login to continue') replaces the greeting
 * of the signup and login tabs only; the other screens always say what they are.
 */
export function screenTitle(screen: AuthScreen, user: User | undefined, openerTitle: string | null): string {
  switch (screen) {
    case 'verify':
      return messages.verifyTitle;
    case 'forgot':
      return 'Reset your password';
    case 'profile':
      return 'Your profile';
    case 'change-password':
      return user?.has_password ? 'Change your password' : 'Set a password';
    case 'signup':
    case 'login':
      return openerTitle ?? 'Welcome to Reelwright';
  }
}

/** The screen the form starts on: the opener's tab, else signup; never signup when it is hidden. */
export const initialScreen = (
  config: Pick<AppConfig, 'signupHidden'> | undefined,
  tab: 'signup' | 'login' | null = null,
): RequestedScreen => (config?.signupHidden ? 'login' : (tab ?? 'signup'));

/** The identity-provider block shows above the tabs only when signup is visible and a client id is set. */
export const showsGoogleSignIn = (config: AppConfig | undefined): config is AppConfig & { googleClientId: string } =>
  !!config && !config.signupHidden && !!config.googleClientId;

/** Actions after which a different member (or a visitor turned member) is signed in. */
const MEMBER_CHANGING_ACTIONS: ReadonlySet<AccessAction> = new Set(['login', 'signup', 'google-auth', 'forgot/check']);
export const changesMember = (action: AccessAction) => MEMBER_CHANGING_ACTIONS.has(action);

/** A member who may use the app: logged in and verified. */
const isVerifiedMember = (user: User | undefined) => isMember(user) && user.verified;

/**
 * What the popup does by itself when the user changes (spec 000 §2 "Authentication popup"):
 * it opens for an unverified member and closes when someone becomes a verified member.
 * Opening the popup on Profile for an already verified member is no change, so it stays open.
 */
export function popupReaction(before: User | undefined, after: User | undefined): 'open' | 'close' | null {
  if (isMember(after) && !after.verified) return 'open';
  if (isVerifiedMember(after) && !isVerifiedMember(before)) return 'close';
  return null;
}
