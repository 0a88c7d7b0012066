import { PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { useState } from 'react';
import { ActionLink } from './ActionLink';
import { FormActions } from './FormActions';
import { useAccessAction } from './use-access-action';
import { newPassword, normalizeCode, oneTimeCode, requiredEmail } from './validation';

type ForgotScreenProps = {
  /** The e-mail typed on the login tab, if any. */
  initialEmail: string;
  /** Returns to the login tab. */
  onCancel(): void;
};

/**
 * Password reset (spec 000 §2, §4): step 1 mails a reset code; step 2 takes the code and, once a
 * code is typed, the new password. Success signs the member in.
 */
export function ForgotScreen({ initialEmail, onCancel }: ForgotScreenProps) {
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { email: initialEmail, code: '', new_password: '' },
    validate: {
      email: requiredEmail,
      code: (value) => (sent ? oneTimeCode(value) : null),
      new_password: (value) => (sent ? newPassword(value) : null),
    },
  });
  const sendCode = useAccessAction('forgot/send', () => {
    notifications.show({ color: 'green', message: messages.resetCodeSent });
    setSent(true);
  });
  const resetPassword = useAccessAction('forgot/check', () => setSent(false));

  const email = form.values.email.trim();
  const submit = form.onSubmit((values) => {
    if (!sent) sendCode.mutate({ email });
    else resetPassword.mutate({ email, code: normalizeCode(values.code), new_password: values.new_password });
  });
  const cancel = <ActionLink onClick={onCancel}>Cancel</ActionLink>;

  if (!sent) {
    return (
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Enter the email you registered with and we will send you a code to set a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <FormActions submitLabel="Get Password Reset Code By Email" pending={sendCode.isPending}>
            {cancel}
          </FormActions>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          We emailed a reset code to <b>{email}</b>. Enter it below and choose a new password.
        </Text>
        <TextInput
          label="Reset code"
          placeholder="8 digit reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          {...form.getInputProps('code')}
        />
        {form.values.code.trim() !== '' && (
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password')}
          />
        )}
        <FormActions submitLabel="Create New Password" pending={resetPassword.isPending}>
          {cancel}
          <ActionLink disabled={sendCode.isPending} onClick={() => sendCode.mutate({ email })}>
            Didn't get code? Resend email
          </ActionLink>
        </FormActions>
      </Stack>
    </form>
  );
}
