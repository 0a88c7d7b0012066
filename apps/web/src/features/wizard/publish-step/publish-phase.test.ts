import type { RenderStatus } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { phaseOfRender, reusableRender } from './publish-phase';

const render = (overrides: Partial<RenderStatus> = {}): RenderStatus => ({
  qid: 3,
  status: 'queued',
  progress: 0,
  framesDone: 0,
  framesTotal: 0,
  segmentsReused: 0,
  segmentsTotal: 0,
  error: null,
  url: null,
  email: 'a@example.com',
  duration: null,
  ...overrides,
});

describe('phaseOfRender', () => {
  it('is being published while queued or rendering', () => {
    expect(phaseOfRender(render()).name).toBe('publishing');
    expect(phaseOfRender(render({ status: 'rendering', progress: 0.4 })).name).toBe('publishing');
  });

  it('is done once the MP4 has an address', () => {
    expect(phaseOfRender(render({ status: 'done', url: '/v.mp4' })).name).toBe('done');
    expect(phaseOfRender(render({ status: 'done' })).name).toBe('publishing');
  });

  it('is failed when the render failed', () => {
    expect(phaseOfRender(render({ status: 'failed', error: 'x' })).name).toBe('render-failed');
  });
});

describe('reusableRender', () => {
  const previous = { pid: 1, fingerprint: 'abc', render: render() };

  it('reuses the render of the same project and video', () => {
    expect(reusableRender(previous, 1, 'abc')).toBe(previous.render);
  });

  it('queues again for another project, a changed video or after a failure', () => {
    expect(reusableRender(null, 1, 'abc')).toBeNull();
    expect(reusableRender(previous, 2, 'abc')).toBeNull();
    expect(reusableRender(previous, 1, 'def')).toBeNull();
    expect(reusableRender({ ...previous, render: render({ status: 'failed' }) }, 1, 'abc')).toBeNull();
  });
});
