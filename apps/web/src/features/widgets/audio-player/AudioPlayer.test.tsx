import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AudioPlayer } from './AudioPlayer';

/** A server render: the player mounts without a browser, before its audio has loaded. */
const render = (element: ReactElement) => renderToString(<MantineProvider>{element}</MantineProvider>);

describe('AudioPlayer', () => {
  it('compact: a real audio element and one play button', () => {
    const html = render(<AudioPlayer url="/media/a.mp3" label="the take" />);
    expect(html).toMatch(/<audio[^>]*preload="metadata"[^>]*src="\/media\/a.mp3"/);
    expect(html).toContain('aria-label="Play the take"');
    expect(html).not.toContain('Seek the take');
  });

  it('full: seek slider, an unknown length while loading, and mute', () => {
    const html = render(<AudioPlayer url="/media/a.mp3" label="the take" variant="full" testId="take" />);
    expect(html).toContain('data-testid="take"');
    expect(html).toContain('aria-label="Seek the take"');
    expect(html).toContain('0:00 / –:––');
    expect(html).toContain('aria-label="Mute the take"');
  });
});
