import { Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { loadGoogleIdentity } from './google-identity';
import { useAccessAction } from './use-access-action';

/** Width of the provider's button, in CSS pixels (it accepts 200–400). */
const BUTTON_WIDTH = 300;

/** 'Sign in with Google' above the tabs; the provider's credential goes to `access/google-auth`. */
export function GoogleSignIn({ clientId }: { clientId: string }) {
  const buttonRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { mutate: signIn } = useAccessAction('google-auth');

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (identity) => {
        if (cancelled || !buttonRef.current) return;
        identity.initialize({ client_id: clientId, callback: ({ credential }) => signIn({ credential }) });
        identity.renderButton(buttonRef.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: BUTTON_WIDTH,
        });
        setStatus('ready');
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, signIn]);

  return (
    <Stack gap="xs">
      <Center mih={44}>
        {status === 'loading' && <Loader size="sm" aria-label="Loading Google sign-in" />}
        {status === 'failed' && (
          <Text size="sm" c="dimmed">
            Sign in with Google is unavailable right now.
          </Text>
        )}
        <div ref={buttonRef} hidden={status !== 'ready'} />
      </Center>
      <Divider label="or use your email" labelPosition="center" />
    </Stack>
  );
}
