import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ApiKeyInfo, messages } from '@reelwright/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { OneTimeSecret } from './OneTimeSecret';
import { useApiKey, useRotateApiKey } from './use-api-key';
import { WebhooksSection } from './WebhooksSection';

type ApiKeyDialogProps = { opened: boolean; onClose(): void };

/** 'API Key' (spec 000 §2): the business member's key for Zapier and the WordPress plugin, and their webhooks. */
export function ApiKeyDialog({ opened, onClose }: ApiKeyDialogProps) {
  const info = useApiKey(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.apiKeyTitle}
      size={520}
      padding="lg"
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">
          Connect Reelwright to <Anchor href="/docs/zapier/">Zapier</Anchor> or the{' '}
          <Anchor href="/docs/wordpress-plugin/">WordPress plugin</Anchor> with this key. Keep it secret: anyone who has
          it can make videos in your account.
        </Text>
        {info.isPending && (
          <Center h={80}>
            <Loader size="sm" aria-label="Loading your API key" />
          </Center>
        )}
        {info.error && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {info.error.message}
          </Alert>
        )}
        {info.data && <KeyPanel info={info.data} />}
        {info.data && <WebhooksSection />}
      </Stack>
    </Modal>
  );
}

/** The key in full with a copy button, or its hint and a way to make a new one. */
function KeyPanel({ info }: { info: ApiKeyInfo }) {
  const rotate = useRotateApiKey();
  const [confirming, setConfirming] = useState(false);
  const hasKey = !!(info.apiKey || info.hint);

  if (info.apiKey) {
    return (
      <OneTimeSecret
        label="Your API key"
        value={info.apiKey}
        note="Copy it now: for your safety the full key is shown only right after it is made."
      />
    );
  }

  return (
    <Stack gap="sm">
      {hasKey ? (
        <TextInput
          label="Your API key"
          value={info.hint ?? ''}
          readOnly
          description={createdText(info.created_at)}
          inputWrapperOrder={['label', 'input', 'description']}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      ) : (
        <Text size="sm">You have no API key yet.</Text>
      )}
      {hasKey && (
        <Text size="sm" c="dimmed">
          The full key was shown only when it was made. If you no longer have it, generate a new one.
        </Text>
      )}
      {rotate.error && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {rotate.error.message}
        </Alert>
      )}
      {confirming ? (
        <Alert color="orange" title="Replace your API key?">
          <Stack gap="sm">
            <Text size="sm">
              Your current key stops working at once. Zaps and WordPress sites that use it need the new key.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
                Keep current key
              </Button>
              <Button color="orange" onClick={() => rotate.mutate()} loading={rotate.isPending}>
                Generate a new key
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button onClick={() => (hasKey ? setConfirming(true) : rotate.mutate())} loading={rotate.isPending}>
            Generate a new key
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const createdText = (createdAt: string | null) =>
  createdAt ? `Created ${new Date(createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}` : undefined;
