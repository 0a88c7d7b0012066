import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@reelwright/core';
import { ActionLink } from './ActionLink';
import { FormActions } from './FormActions';
import { useAccessAction } from './use-access-action';
import { looksLikeEmail, requiredEmail } from './validation';

type SignupTabProps = {
  /** Switches to the login tab ('Already registered?'). */
  onAlreadyRegistered(): void;
};

/** Sign-up by e-mail alone; the server signs the member in unverified and mails a code. */
export function SignupTab({ onAlreadyRegistered }: SignupTabProps) {
  const signup = useAccessAction('signup');
  const form = useForm({ initialValues: { email: '' }, validate: { email: requiredEmail } });
  const help = looksLikeEmail(form.values.email) ? messages.otpHelp : 'Enter the email address you use most.';
  return (
    <form onSubmit={form.onSubmit((values) => signup.mutate({ email: values.email.trim() }))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          description={help}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('email')}
        />
        <FormActions submitLabel="Sign up" pending={signup.isPending}>
          <ActionLink onClick={onAlreadyRegistered}>Already registered?</ActionLink>
          <Text size="sm" c="dimmed">
            {messages.signupNote}
          </Text>
        </FormActions>
      </Stack>
    </form>
  );
}
