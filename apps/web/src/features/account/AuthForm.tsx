import { Alert, Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { messages } from '@reelwright/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { AuthTab } from './auth-popup-store';
import {
  type AuthScreen,
  authScreenFor,
  initialScreen,
  type RequestedScreen,
  screenTitle,
  showsGoogleSignIn,
} from './auth-screen';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ForgotScreen } from './ForgotScreen';
import { GoogleSignIn } from './GoogleSignIn';
import { LoginTab } from './LoginTab';
import { ProfileScreen } from './ProfileScreen';
import { SignupTab } from './SignupTab';
import { AccessErrorContext } from './use-access-action';
import { useAppConfig, useUser } from './use-user';
import { VerifyScreen } from './VerifyScreen';

type AuthFormProps = {
  /** Replaces the greeting over the signup and login tabs (e.g. 'Login to continue'). */
  title?: string | null;
  /** The tab a visitor sees first (the opener's choice); signup unless hidden when null. */
  tab?: AuthTab | null;
  /** Draws the heading; the popup puts its close button beside it. */
  renderHeading?: (text: string) => ReactNode;
};

const defaultHeading = (text: string) => <Title order={3}>{text}</Title>;

/**
 * The authentication form (spec 000 §2): a heading, an error banner, and the screen the user's
 * state and their last choice call for — Verify, Profile, change password, Forgot, or the tabs.
 */
export function AuthForm({ title = null, tab = null, renderHeading = defaultHeading }: AuthFormProps) {
  const user = useUser();
  const config = useAppConfig();
  const [requested, setRequested] = useState<RequestedScreen | null>(null);
  const [forgotEmail, setForgotEmail] = useState('');
  const [error, setError] = useState<Error | null>(null);

  const shownError = error ?? user.error;
  const screen = authScreenFor(user.data, requested ?? initialScreen(config.data, tab), config.data);
  const go = (next: RequestedScreen) => {
    setError(null);
    setRequested(next);
  };

  return (
    <AccessErrorContext value={setError}>
      <Stack gap="md">
        {renderHeading(screenTitle(screen, user.data, title))}
        {shownError && (
          <Alert color="red" icon={<IconAlertCircle />} withCloseButton={!!error} onClose={() => setError(null)}>
            {messages.invalidData(shownError.message)}
          </Alert>
        )}
        {user.isPending || config.isPending ? (
          <Center h={160}>
            <Loader aria-label="Loading your account" />
          </Center>
        ) : (
          <ScreenView
            screen={screen}
            go={go}
            forgotEmail={forgotEmail}
            onForgotPassword={(email) => {
              setForgotEmail(email);
              go('forgot');
            }}
          />
        )}
      </Stack>
    </AccessErrorContext>
  );
}

type ScreenViewProps = {
  screen: AuthScreen;
  go(next: RequestedScreen): void;
  forgotEmail: string;
  onForgotPassword(email: string): void;
};

function ScreenView({ screen, go, forgotEmail, onForgotPassword }: ScreenViewProps) {
  const { data: user } = useUser();
  const { data: config } = useAppConfig();
  if (user && screen === 'verify') return <VerifyScreen user={user} />;
  if (user && screen === 'profile') return <ProfileScreen user={user} onChangePassword={() => go('change-password')} />;
  if (user && screen === 'change-password') return <ChangePasswordForm user={user} onClose={() => go('profile')} />;
  if (screen === 'forgot') return <ForgotScreen initialEmail={forgotEmail} onCancel={() => go('login')} />;

  const login = <LoginTab onForgotPassword={onForgotPassword} />;
  if (config?.signupHidden) return login;
  return (
    <Stack gap="md">
      {showsGoogleSignIn(config) && <GoogleSignIn clientId={config.googleClientId} />}
      <Tabs value={screen} onChange={(tab) => go(tab === 'login' ? 'login' : 'signup')} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="signup">Sign up</Tabs.Tab>
          <Tabs.Tab value="login">Log in</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signup">
          <SignupTab onAlreadyRegistered={() => go('login')} />
        </Tabs.Panel>
        <Tabs.Panel value="login">{login}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
