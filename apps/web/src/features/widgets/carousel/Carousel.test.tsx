import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Carousel } from './Carousel';

/** A server render: the carousel's controls and slides, before any interaction. */
const render = (element: ReactElement) => renderToString(<MantineProvider>{element}</MantineProvider>);

describe('Carousel', () => {
  it('shows the first slide, one indicator per slide (the first current) and both controls', () => {
    const html = render(
      <Carousel label="Pictures">
        <span>one</span>
        <span>two</span>
        <span>three</span>
      </Carousel>,
    );
    expect(html).toContain('aria-label="Pictures"');
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html.match(/data-testid="carousel-indicator"/g)).toHaveLength(3);
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-label="Show slide 1" aria-current="true"/);
    expect(html.match(/inert=""/g)).toHaveLength(2);
  });

  it('has no controls for a single slide', () => {
    const html = render(
      <Carousel label="Pictures">
        <span>only</span>
      </Carousel>,
    );
    expect(html).toContain('only');
    expect(html).not.toContain('Next slide');
    expect(html).not.toContain('carousel-indicator');
  });
});
