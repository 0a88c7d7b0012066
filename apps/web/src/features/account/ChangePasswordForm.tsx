import { PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages, type User } from '@reelwright/core';
import { ActionLink } from './ActionLink';
import { FormActions } from './FormActions';
import { useAccessAction } from './use-access-action';
import { changedPassword, requiredPassword } from './validation';

type ChangePasswordFormProps = {
  user: User;
  /** Back to the profile, after success or on Cancel. */
  onClose(): void;
};

/**
 * Change password (spec 000 §2, §5). The old password is asked only when the account has one;
 * a new password equal to the old one is refused here, without a call.
 */
export function ChangePasswordForm({ user, onClose }: ChangePasswordFormProps) {
  const form = useForm({
    initialValues: { old_password: '', new_password: '' },
    validate: {
      old_password: (value) => (user.has_password ? requiredPassword(value) : null),
      new_password: (value, values) => changedPassword(value, values.old_password),
    },
  });
  const changePassword = useAccessAction('reset-pw', () => {
    notifications.show({ color: 'green', message: messages.passwordChanged });
    onClose();
  });
  const submit = form.onSubmit((values) =>
    changePassword.mutate(user.has_password ? values : { new_password: values.new_password }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {user.has_password ? (
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('old_password')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Your account has no password yet. Choose one to log in with your email and password.
          </Text>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          data-autofocus={!user.has_password || undefined}
          {...form.getInputProps('new_password')}
        />
        <FormActions submitLabel="Update password" pending={changePassword.isPending}>
          <ActionLink onClick={onClose}>Cancel</ActionLink>
        </FormActions>
      </Stack>
    </form>
  );
}
