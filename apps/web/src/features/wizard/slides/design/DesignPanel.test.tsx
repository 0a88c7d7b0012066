import { MantineProvider } from '@mantine/core';
import { SlideSchema } from '@reelwright/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DesignPanel } from './DesignPanel';

/** A server render of the panel: every part mounts without a browser and shows its controls. */
describe('DesignPanel', () => {
  const render = (texts: { id: string; text: string; media?: unknown[] }[]) => {
    const slide = SlideSchema.parse({ id: 's1', texts, settings: { layout: 'container_bottom' } });
    return renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <DesignPanel slide={slide} activeTextId={texts[0]?.id} />
        </MantineProvider>
      </QueryClientProvider>,
    );
  };

  it('renders the look controls, the media thumbnails and the search field', () => {
    const html = render([
      {
        id: 't1',
        text: 'A **cat** on a mat',
        media: [
          { id: 'm1', type: 'image', url: '/a.jpg' },
          { id: 'm2', type: 'video', url: '/b.mp4', startTime: 0, stopTime: 10 },
        ],
      },
    ]);
    for (const id of [
      'design-panel',
      'preset-picker',
      'design-layout-menu',
      'design-effect-menu',
      'design-colors-menu',
      'design-settings',
      'media-thumbs',
      'media-upload',
      'media-options',
    ]) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    expect(html.match(/data-testid="media-thumb"/g)).toHaveLength(2);
    expect(html).toContain('10.0 s');
  });

  it("shows the spec's hint when the active text is empty", () => {
    expect(render([{ id: 't1', text: '  ' }])).toContain('please add some text first to add images');
  });
});
