import { Button, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { slideMessages } from '@reelwright/core';
import { IconBulb, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { QUICK_TIP_DELAY_MS, QUICK_TIPS, quickTipCookie, quickTipsBlocked } from './quick-tips';

/** The quick-tips carousel of the slides step (spec 001 §2, §9). */
export function QuickTips() {
  const [opened, setOpened] = useState(false);
  const [index, setIndex] = useState(0);
  const [neverAgain, setNeverAgain] = useState(false);

  useEffect(() => {
    if (quickTipsBlocked(document.cookie)) return;
    const timer = window.setTimeout(() => setOpened(true), QUICK_TIP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec names a cookie, and the Cookie Store API is not in every browser.
    document.cookie = quickTipCookie(neverAgain);
    setOpened(false);
  };
  const tip = QUICK_TIPS[index]!;

  return (
    <Modal opened={opened} onClose={close} title="Quick tips" centered size="md">
      <Stack gap="md" data-testid="quick-tips">
        <Group gap="sm" wrap="nowrap" align="flex-start" mih={90}>
          <IconBulb size={28} color="var(--mantine-color-yellow-6)" style={{ flexShrink: 0 }} />
          <div>
            <Title order={4}>{tip.title}</Title>
            <Text size="sm" mt={4}>
              {tip.text}
            </Text>
          </div>
        </Group>
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconChevronLeft size={16} />}
            disabled={index === 0}
            onClick={() => setIndex(index - 1)}
          >
            Previous
          </Button>
          <Text size="sm" c="dimmed">
            {index + 1} / {QUICK_TIPS.length}
          </Text>
          {index < QUICK_TIPS.length - 1 ? (
            <Button variant="subtle" rightSection={<IconChevronRight size={16} />} onClick={() => setIndex(index + 1)}>
              Next tip
            </Button>
          ) : (
            <Button variant="light" onClick={close}>
              Got it
            </Button>
          )}
        </Group>
        <Switch
          label={slideMessages.neverShowAgain}
          checked={neverAgain}
          onChange={(event) => setNeverAgain(event.currentTarget.checked)}
        />
      </Stack>
    </Modal>
  );
}
