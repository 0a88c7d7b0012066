import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages, type User } from '@reelwright/core';
import { useState } from 'react';
import { ActionLink } from './ActionLink';
import { FormActions } from './FormActions';
import { useAccessAction } from './use-access-action';
import { normalizeCode, oneTimeCode, requiredEmail } from './validation';

type VerifyScreenProps = { user: User };

/**
 * Verify screen (spec 000 §2, §4): the code from the e-mail, or — after 'Change email?' — a new
 * address to send a code to. Sending a code leaves change mode.
 */
export function VerifyScreen({ user }: VerifyScreenProps) {
  const [changingEmail, setChangingEmail] = useState(false);
  const form = useForm({
    initialValues: { email: user.email, code: '' },
    validate: { email: requiredEmail, code: (value) => (changingEmail ? null : oneTimeCode(value)) },
  });
  const verify = useAccessAction('verify/check');
  const sendCode = useAccessAction('verify/send', (answer) => {
    notifications.show({ color: 'green', message: messages.codeSentTo(answer.email) });
    setChangingEmail(false);
    form.setValues({ email: answer.email, code: '' });
  });

  const submit = form.onSubmit((values) => {
    if (changingEmail) sendCode.mutate({ email: values.email.trim(), type: 'verify' });
    else verify.mutate({ code: normalizeCode(values.code) });
  });
  const cancelChange = () => {
    setChangingEmail(false);
    form.setFieldValue('email', user.email);
    form.clearErrors();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {changingEmail
            ? 'Type the address you want to use; we will send a new code to it.'
            : 'We emailed you a verification code. Enter it below to finish setting up your account.'}
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={!changingEmail}
          required={changingEmail}
          variant={changingEmail ? 'default' : 'filled'}
          key={String(changingEmail)}
          autoFocus={changingEmail}
          {...form.getInputProps('email')}
        />
        {!changingEmail && (
          <TextInput
            label="Verification code"
            placeholder={messages.verifyCodePlaceholder}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-autofocus
            {...form.getInputProps('code')}
          />
        )}
        {changingEmail ? (
          <FormActions submitLabel="Send code" pending={sendCode.isPending}>
            <ActionLink onClick={cancelChange}>Cancel</ActionLink>
          </FormActions>
        ) : (
          <FormActions submitLabel="Verify account" pending={verify.isPending}>
            <ActionLink
              disabled={sendCode.isPending}
              onClick={() => sendCode.mutate({ email: user.email, type: 'verify' })}
            >
              Didn't get code?
            </ActionLink>
            <ActionLink onClick={() => setChangingEmail(true)}>Change email?</ActionLink>
          </FormActions>
        )}
      </Stack>
    </form>
  );
}
