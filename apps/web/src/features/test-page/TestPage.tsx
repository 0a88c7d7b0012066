import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

/**
 * `/test` (spec 000 §2): 'Test' shows a notification, 'Fail' throws during rendering so the
 * route's error boundary shows its panel. Support uses it to check a browser; the effect gallery
 * checks that it plays every animation.
 */
export function TestPage() {
  const [failing, setFailing] = useState(false);
  // Thrown while rendering: error boundaries catch render errors, not errors in click handlers.
  if (failing) throw new Error('Test failure: the Fail button was pressed on the test page.');

  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="lg">
      <Stack gap="md">
        <Title order={2}>Test page</Title>
        <Text c="dimmed" size="sm">
          Checks that notifications and error handling work in this browser.
        </Text>
        <Group>
          <Button
            leftSection={<IconCheck size={16} />}
            onClick={() =>
              notifications.show({ color: 'green', title: 'Test', message: 'Notifications work in this browser.' })
            }
          >
            Test
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconAlertTriangle size={16} />}
            onClick={() => setFailing(true)}
          >
            Fail
          </Button>
          <Button component={Link} to="/effects" variant="default" leftSection={<IconSparkles size={16} />}>
            Effect gallery
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
