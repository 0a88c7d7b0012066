import {
  BackgroundSchema,
  ContainerSchema,
  createFrame,
  createTextItem,
  type Movie,
  MovieSchema,
  type TextItem,
} from '@reelwright/core';
import type { Effect } from '@reelwright/scene';

/** Every demo lasts this long and then loops. */
export const DEMO_SECONDS = 3;

/** Small and 16:9: the cards are small, and the canvas never draws larger than the movie. */
const DEMO_SIZE = { width: 640, height: 360 };

const BACKGROUND = BackgroundSchema.parse({
  type: 'gradient',
  gradient: {
    kind: 'linear',
    angle: 135,
    stops: [
      { color: '#1b2a4a', at: 0 },
      { color: '#4c2a6e', at: 1 },
    ],
  },
});

const BOX = { left: 0.1, top: 0.28, width: 0.8, height: 0.44 };

/** Large type, so the effect reads on a card a few hundred pixels wide. */
const FONT = { family: 'Inter', size: 0.15, lineHeight: 1.2 };

const CONTAINER_ANIMATIONS: readonly string[] = ContainerSchema.shape.animation.unwrap().options;

type Demo = { text: string; overrides: Parameters<typeof createTextItem>[2] };

/** A beat before a show starts and after a hide ends, so each loop reads clearly. */
const PAUSE = 0.3;

/** The text item showing one effect, by family. */
function demoFor(effect: Effect): Demo {
  const duration = Math.min(effect.defaultDuration, DEMO_SECONDS - 2 * PAUSE);
  const boxed = { backgroundColor: '#000000', backgroundAlpha: 0.45 } as const;
  switch (effect.family) {
    case 'show':
      return {
        text: 'Hello there',
        overrides: {
          timing: { start: PAUSE, stop: DEMO_SECONDS },
          fx: { show: { name: effect.name, duration } },
          container: ContainerSchema.parse(boxed),
        },
      };
    case 'hide':
      return {
        text: 'Goodbye now',
        overrides: {
          timing: { start: 0, stop: DEMO_SECONDS - PAUSE },
          fx: { hide: { name: effect.name, duration } },
          container: ContainerSchema.parse(boxed),
        },
      };
    case 'stay':
      return {
        text: 'Keep watching',
        overrides: {
          timing: { start: 0, stop: DEMO_SECONDS },
          fx: { stay: { name: effect.name } },
          container: ContainerSchema.parse(boxed),
        },
      };
    case 'container':
      return {
        text: 'In a box',
        overrides: {
          timing: { start: 0, stop: DEMO_SECONDS },
          container: ContainerSchema.parse({
            ...boxed,
            backgroundColor: '#1c7ed6',
            backgroundAlpha: 0.85,
            animation: CONTAINER_ANIMATIONS.includes(effect.name) ? effect.name : undefined,
          }),
        },
      };
    case 'highlighter':
      return {
        text: 'Mark my words',
        overrides: { timing: { start: 0, stop: DEMO_SECONDS }, fx: { overlay: { name: effect.name } } },
      };
    case 'container-background':
      return {
        text: 'Look behind',
        overrides: {
          timing: { start: 0, stop: DEMO_SECONDS },
          container: ContainerSchema.parse({
            backgroundColor: '#1c7ed6',
            backgroundAlpha: 0.9,
            backgroundFx: effect.name,
          }),
        },
      };
  }
}

/**
 * A 3-second movie demonstrating one catalogue effect on a text item over a gradient: show,
 * hide, stay and container animations on a text in a container box, a highlighter through
 * `fx.overlay`, a container background through `container.backgroundFx`. Pure; the effect
 * gallery loops it in a compact player.
 */
export function demoMovie(effect: Effect): Movie {
  const { text, overrides } = demoFor(effect);
  const item: TextItem = createTextItem(`demo-${effect.family}-${effect.name}`, text, {
    box: { ...BOX, rotate: 0, opacity: 1 },
    font: FONT,
    padding: 12,
    ...overrides,
  });
  return MovieSchema.parse({
    size: DEMO_SIZE,
    frames: [createFrame(`demo-${effect.name}`, { duration: DEMO_SECONDS, background: BACKGROUND, items: [item] })],
  });
}
