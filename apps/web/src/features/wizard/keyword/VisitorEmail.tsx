import { Anchor, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useAuthPopup } from '../../account/auth-popup-store';

/** A visitor's optional e-mail: given, it signs them up for a free account when they go on (spec 001 §6). */
export function VisitorEmail({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error: React.ReactNode;
}) {
  const openAuth = useAuthPopup((s) => s.open);
  return (
    <div>
      <TextInput
        type="email"
        label="Your e-mail (optional)"
        description="We make you a free account, so your video is saved and can be narrated. No password needed now."
        placeholder="you@example.com"
        leftSection={<IconMail size={16} />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        maw={420}
        data-testid="visitor-email"
      />
      <Text size="xs" c="dimmed" mt={4}>
        Have an account?{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => openAuth({ tab: 'login' })}>
          Log in
        </Anchor>
      </Text>
    </div>
  );
}
