import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';

/** The product name at the left of the menu bar. */
export function BrandMark() {
  return (
    <Group gap={8} wrap="nowrap" data-testid="menu-bar-brand">
      <ThemeIcon size={30} radius="md" variant="gradient" gradient={{ from: 'blue.6', to: 'violet.6', deg: 135 }}>
        <IconMovie size={18} />
      </ThemeIcon>
      <Text fw={700} size="lg" style={{ letterSpacing: -0.3 }} visibleFrom="sm">
        Reelwright
      </Text>
    </Group>
  );
}
