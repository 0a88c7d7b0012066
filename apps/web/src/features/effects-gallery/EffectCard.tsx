import { AspectRatio, Card, Code, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import type { Effect } from '@reelwright/scene';
import { useMemo } from 'react';
import { Player } from '../player/Player';
import { useAnimationSlot } from './animation-slots';
import { demoMovie } from './demo-movie';
import classes from './EffectCard.module.css';

/**
 * One catalogue effect: its demo movie in a compact, looping player, with its label and name.
 * The player exists only while the card is on screen, and plays only while it holds one of the
 * gallery's animation slots.
 */
export function EffectCard({ effect }: { effect: Effect }) {
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const movie = useMemo(() => demoMovie(effect), [effect]);
  const animating = useAnimationSlot(`${effect.family}/${effect.name}`, inViewport);

  return (
    <Card withBorder radius="md" padding="sm" data-testid="effect-card" data-effect={effect.name}>
      <Card.Section ref={ref}>
        <AspectRatio ratio={movie.size.width / movie.size.height}>
          {inViewport ? (
            <Player movie={movie} compact loop autoPlay={animating} label={`${effect.label} demo`} />
          ) : (
            <div className={classes.poster} aria-hidden />
          )}
        </AspectRatio>
      </Card.Section>
      <Text fw={600} size="sm" mt="sm" truncate>
        {effect.label}
      </Text>
      <Code fz="xs" c="dimmed" bg="transparent" p={0}>
        {effect.name}
      </Code>
    </Card>
  );
}
