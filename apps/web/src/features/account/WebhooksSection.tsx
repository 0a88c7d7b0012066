import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@reelwright/core';
import { IconAlertCircle, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { OneTimeSecret } from './OneTimeSecret';
import { useCreateWebhook, useDeleteWebhook, useEnableWebhook, useTestWebhook, useWebhooks } from './use-webhooks';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'video.rendered': 'Video rendered',
  'video.render_failed': 'Render failed',
};

/** 'Webhooks' in the API key dialog: addresses told when a render ends, each signed with its secret (D73). */
export function WebhooksSection() {
  const list = useWebhooks(true);
  const endpoints = list.data?.endpoints ?? [];
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={4}>Webhooks</Title>
      <Text size="sm">
        We send a POST to these addresses when a video is rendered or its render fails, signed with the secret shown
        when you add one (the Standard Webhooks format).
      </Text>
      {list.error && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {list.error.message}
        </Alert>
      )}
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} endpoint={endpoint} />
      ))}
      {endpoints.length < MAX_WEBHOOK_ENDPOINTS && <AddEndpointForm />}
    </Stack>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const enable = useEnableWebhook();
  const problem = test.error ?? enable.error;
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" aria-label={`Webhook ${endpoint.url}`} role="group">
      <Stack gap={2} miw={0}>
        <Text size="sm" truncate="end" ff="monospace">
          {endpoint.url}
        </Text>
        <Text size="xs" c="dimmed">
          {endpoint.events.map((event) => EVENT_LABELS[event]).join(', ')}
        </Text>
        {endpoint.disabled_reason && (
          <Text size="xs" c="red">
            Disabled: {endpoint.disabled_reason}
          </Text>
        )}
        {problem && (
          <Text size="xs" c="red">
            {problem.message}
          </Text>
        )}
      </Stack>
      <Group gap={6} wrap="nowrap">
        {endpoint.disabled_at ? (
          <Button
            size="compact-sm"
            variant="light"
            loading={enable.isPending}
            onClick={() => enable.mutate(endpoint.id)}
          >
            Enable
          </Button>
        ) : (
          <DeliveryBadge delivery={endpoint.last_delivery} />
        )}
        <Tooltip label="Send a test event">
          <ActionIcon
            variant="default"
            aria-label="Send a test event"
            loading={test.isPending}
            disabled={Boolean(endpoint.disabled_at)}
            onClick={() => test.mutate(endpoint.id)}
          >
            <IconSend size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete this webhook">
          <ActionIcon
            variant="default"
            color="red"
            aria-label="Delete this webhook"
            loading={remove.isPending}
            onClick={() => remove.mutate(endpoint.id)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

function DeliveryBadge({ delivery }: { delivery: WebhookDelivery | null }) {
  if (!delivery)
    return (
      <Badge variant="light" color="gray">
        No deliveries yet
      </Badge>
    );
  if (delivery.status === 'delivered') return <Badge color="teal">Delivered</Badge>;
  const code = delivery.last_status_code ? ` (${delivery.last_status_code})` : '';
  if (delivery.status === 'failed') {
    return (
      <Tooltip label={delivery.last_error ?? 'Every attempt failed.'}>
        <Badge color="red">Failed{code}</Badge>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={delivery.last_error ?? 'Waiting for the first attempt.'}>
      <Badge color="yellow">{delivery.attempts ? `Retrying${code}` : 'Sending'}</Badge>
    </Tooltip>
  );
}

function AddEndpointForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENTS]);
  const secret = create.data?.secret;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Webhook address"
          placeholder="https://example.com/hooks/reelwright"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          flex={1}
        />
        <Button
          onClick={() => create.mutate({ url, events: events as WebhookEventType[] }, { onSuccess: () => setUrl('') })}
          loading={create.isPending}
          disabled={!url.trim() || events.length === 0}
        >
          Add webhook
        </Button>
      </Group>
      <Checkbox.Group value={events} onChange={setEvents} aria-label="Events">
        <Group gap="md">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={EVENT_LABELS[event]} />
          ))}
        </Group>
      </Checkbox.Group>
      {create.error && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {create.error.message}
        </Alert>
      )}
      {secret && (
        <OneTimeSecret
          label="Signing secret"
          value={secret}
          note="Copy it now: the secret is shown only once. Your receiver needs it to check each delivery's signature."
        />
      )}
    </Stack>
  );
}
