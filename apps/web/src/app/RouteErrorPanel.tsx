import { Alert, Button, Code, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The error boundary of the routes: a readable panel and a way out, never a blank page. */
export function RouteErrorPanel() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        variant="light"
        radius="md"
        icon={<IconAlertTriangle />}
        title="Something went wrong on this page"
        data-testid="error-panel"
      >
        <Stack gap="sm">
          <Text size="sm">
            The page stopped because of an error. Your saved videos are safe. Reloading usually helps; if the error
            comes back, send the message below to support.
          </Text>
          <Code block>{describe(error)}</Code>
          <Group>
            <Button color="red" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
