import { MantineProvider } from '@mantine/core';
import type { RenderStatus } from '@reelwright/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderCounts } from './PublishDialog';

const status = (overrides: Partial<RenderStatus>): RenderStatus => ({
  qid: 1,
  status: 'rendering',
  progress: 0.4,
  framesDone: 120,
  framesTotal: 300,
  segmentsReused: 11,
  segmentsTotal: 12,
  error: null,
  url: null,
  email: 'a@example.com',
  duration: null,
  ...overrides,
});
const html = (render: RenderStatus) =>
  renderToString(
    <MantineProvider>
      <RenderCounts render={render} />
    </MantineProvider>,
  );

describe('RenderCounts (under the publish dialog’s bar)', () => {
  it('shows the frame and the reused segments while rendering', () => {
    const shown = html(status({}));
    expect(shown).toContain('Frame 120 of 300');
    expect(shown).toContain('11 of 12 segments reused');
  });

  it('leaves out segments when the render has none, and everything before frames are known', () => {
    expect(html(status({ segmentsTotal: 0, segmentsReused: 0 }))).not.toContain('segments');
    expect(html(status({ status: 'queued', framesTotal: 0, framesDone: 0 }))).not.toContain('render-counts');
  });
});
