import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ActionLink } from './ActionLink';
import { FormActions } from './FormActions';
import { useAccessAction } from './use-access-action';
import { requiredEmail, requiredPassword } from './validation';

type LoginTabProps = {
  /** Opens the Forgot screen, passing on the e-mail typed so far. */
  onForgotPassword(email: string): void;
};

/** Registered e-mail and password (spec 000 §2 "Login tab"). */
export function LoginTab({ onForgotPassword }: LoginTabProps) {
  const login = useAccessAction('login');
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: requiredEmail, password: requiredPassword },
  });
  return (
    <form onSubmit={form.onSubmit((values) => login.mutate({ ...values, email: values.email.trim() }))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Registered email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <FormActions submitLabel="Log In" pending={login.isPending}>
          <ActionLink onClick={() => onForgotPassword(form.values.email)}>Forgot password?</ActionLink>
        </FormActions>
      </Stack>
    </form>
  );
}
