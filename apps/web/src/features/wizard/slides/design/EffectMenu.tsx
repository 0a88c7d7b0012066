import { Button, Divider, Popover, SimpleGrid, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CONTAINER_ANIMATIONS, type Slide } from '@reelwright/core';
import { IconChevronDown, IconSparkles } from '@tabler/icons-react';
import { updateDesign } from '../slide-edits';
import classes from './DesignPanel.module.css';
import { ANIMATION_LABELS } from './layout-labels';

type Animation = (typeof CONTAINER_ANIMATIONS)[number];

/**
 * The Effect menu (spec 001 §9): the text box's entrance animation (container animations, or
 * none) and the slow pan and zoom over images (Ken Burns, `settings.animate`).
 */
export function EffectMenu({ slide }: { slide: Slide }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const current = slide.settings.container.animation;
  const inBox = slide.settings.layout.startsWith('container_');
  const setAnimation = (animation: Animation | undefined) =>
    updateDesign(slide.id, (s) => {
      s.settings.container.animation = animation;
    });

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" shadow="md" width={300}>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          onClick={toggle}
          leftSection={<IconSparkles size={14} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="design-effect-menu"
        >
          Effect
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="design-effect-dropdown">
        <Stack gap="xs">
          <Switch
            label="Animate images (Ken Burns)"
            description="Slowly pan and zoom over pictures"
            checked={slide.settings.animate}
            onChange={(e) => {
              const animate = e.currentTarget.checked;
              updateDesign(slide.id, (s) => {
                s.settings.animate = animate;
              });
            }}
            data-testid="effect-animate"
          />
          <Divider />
          <Text size="xs" c="dimmed" fw={600}>
            Text box animation
          </Text>
          <SimpleGrid cols={3} spacing={4} verticalSpacing={4} role="group" aria-label="Text box animation">
            <UnstyledButton
              className={classes.choice}
              data-active={current === undefined || undefined}
              aria-pressed={current === undefined}
              onClick={() => setAnimation(undefined)}
              data-testid="effect-option-none"
            >
              <Text size="xs">None</Text>
            </UnstyledButton>
            {CONTAINER_ANIMATIONS.map((animation) => (
              <UnstyledButton
                key={animation}
                className={classes.choice}
                data-active={current === animation || undefined}
                aria-pressed={current === animation}
                onClick={() => setAnimation(animation)}
                data-testid={`effect-option-${animation}`}
              >
                <Text size="xs">{ANIMATION_LABELS[animation] ?? animation}</Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {!inBox && (
            <Text size="xs" c="dimmed">
              The text box animation shows with the “Text in a box” layouts.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
