import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages, type User } from '@reelwright/core';
import { ActionLink } from './ActionLink';
import { FormActions } from './FormActions';
import { useAccessAction } from './use-access-action';
import { requiredEmail, requiredName } from './validation';

type ProfileScreenProps = {
  user: User;
  /** Opens the change-password form ('Update password'). */
  onChangePassword(): void;
};

/** Name and e-mail of a verified member; a new e-mail sends them back to Verify. */
export function ProfileScreen({ user, onChangePassword }: ProfileScreenProps) {
  const form = useForm({
    initialValues: { name: user.name, email: user.email },
    validate: { name: requiredName, email: requiredEmail },
  });
  const update = useAccessAction('update', () =>
    notifications.show({ color: 'green', message: messages.profileUpdated }),
  );
  return (
    <form
      onSubmit={form.onSubmit((values) => update.mutate({ name: values.name.trim(), email: values.email.trim() }))}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Full name" autoComplete="name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          description="Changing your email will require you to verify it again."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('email')}
        />
        <FormActions submitLabel="Update profile" pending={update.isPending}>
          <ActionLink onClick={onChangePassword}>Update password</ActionLink>
        </FormActions>
      </Stack>
    </form>
  );
}
