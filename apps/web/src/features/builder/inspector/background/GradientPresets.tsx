import { SimpleGrid, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Gradient } from '@reelwright/core';
import { useEffect, useState } from 'react';
import { gradientCss } from './background-rules';
import type { GradientPreset } from './gradient-presets';

/** Whether two gradients draw the same. */
const same = (a: Gradient, b: Gradient) =>
  a.kind === b.kind &&
  (a.kind === 'radial' || a.angle === b.angle) &&
  a.stops.length === b.stops.length &&
  a.stops.every(
    (stop, i) => stop.at === b.stops[i]!.at && stop.color.toLowerCase() === b.stops[i]!.color.toLowerCase(),
  );

/**
 * The gradient list (spec 002 §9, loaded on demand; D93) as swatches beside the stop editor: a
 * click applies one as a single undo step; the chosen one is marked.
 */
export function GradientPresets({ current, apply }: { current: Gradient; apply(gradient: Gradient): void }) {
  const [presets, setPresets] = useState<readonly GradientPreset[] | null>(null);
  useEffect(() => {
    let live = true;
    import('./gradient-presets').then((module) => {
      if (live) setPresets(module.GRADIENT_PRESETS);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!presets) {
    return (
      <Text size="xs" c="dimmed">
        Loading gradients…
      </Text>
    );
  }
  return (
    <SimpleGrid cols={5} spacing={6} verticalSpacing={6} data-testid="gradient-presets">
      {presets.map((preset) => {
        const chosen = same(preset.gradient, current);
        return (
          <Tooltip key={preset.name} label={preset.name} openDelay={300}>
            <UnstyledButton
              aria-label={`Gradient: ${preset.name}`}
              aria-pressed={chosen}
              onClick={() => apply(preset.gradient)}
              style={{
                height: 28,
                borderRadius: 'var(--mantine-radius-sm)',
                background: gradientCss(preset.gradient),
                outline: chosen
                  ? '2px solid var(--mantine-color-blue-6)'
                  : '1px solid var(--mantine-color-default-border)',
                outlineOffset: chosen ? 1 : 0,
              }}
              data-testid="gradient-preset"
            />
          </Tooltip>
        );
      })}
    </SimpleGrid>
  );
}
