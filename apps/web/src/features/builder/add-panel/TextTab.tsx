import { Button, Stack, Text } from '@mantine/core';
import { IconTypography } from '@tabler/icons-react';
import type { NewItemSource } from '../../../builder/new-items';
import classes from './AddPanel.module.css';
import { TextEffectThumb } from './TextEffectThumb';
import { TEXT_EFFECT_GROUPS, TEXT_EFFECTS } from './text-effects';

/**
 * The text tab (spec 002 §2): a plain text box, then the designed text effects by group, each a
 * thumbnail the renderer draws and plays while hovered.
 */
export function TextTab({ onAdd }: { onAdd(source: NewItemSource): void }) {
  return (
    <Stack gap="sm" data-testid="add-tab-text">
      <Button
        variant="light"
        leftSection={<IconTypography size={16} />}
        onClick={() => onAdd({ type: 'text', text: '' })}
        data-testid="add-text-box"
      >
        Add a text box
      </Button>
      {TEXT_EFFECT_GROUPS.map((group) => (
        <section key={group} aria-label={group}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" mb={4}>
            {group}
          </Text>
          <div className={classes.effects}>
            {TEXT_EFFECTS.filter((effect) => effect.group === group).map((effect) => (
              <TextEffectThumb key={effect.id} effect={effect} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}
