import { Button, Popover, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Slide, SlideLayout } from '@reelwright/core';
import { IconChevronDown } from '@tabler/icons-react';
import { updateDesign } from '../slide-edits';
import classes from './DesignPanel.module.css';
import { LayoutIcon } from './LayoutIcon';
import { LAYOUT_GROUPS, LAYOUT_LABELS } from './layout-labels';

/** The Layout menu (spec 001 §9 layouts): a grid of schematics, grouped as the spec lists them. */
export function LayoutMenu({ slide }: { slide: Slide }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const current = slide.settings.layout;
  const choose = (layout: SlideLayout) => {
    updateDesign(slide.id, (s) => {
      s.settings.layout = layout;
    });
    close();
  };

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" shadow="md" width={340}>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          onClick={toggle}
          leftSection={<LayoutIcon layout={current} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`Layout: ${LAYOUT_LABELS[current]}`}
          data-testid="design-layout-menu"
        >
          Layout
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="design-layout-dropdown">
        <Stack gap="xs">
          {LAYOUT_GROUPS.map((group) => (
            <div key={group.label}>
              <Text size="xs" c="dimmed" fw={600} mb={4}>
                {group.label}
              </Text>
              <SimpleGrid cols={3} spacing={4} verticalSpacing={4}>
                {group.layouts.map((layout) => (
                  <UnstyledButton
                    key={layout}
                    className={classes.choice}
                    data-active={layout === current || undefined}
                    aria-pressed={layout === current}
                    onClick={() => choose(layout)}
                    data-testid={`layout-option-${layout}`}
                  >
                    <LayoutIcon layout={layout} />
                    <Text size="xs" lh={1.2} ta="center">
                      {LAYOUT_LABELS[layout]}
                    </Text>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </div>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
