import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, emptyProjectData, frameCount, upgradeProjectData } from './model';

describe('project model', () => {
  it('makes an empty document with the spec defaults', () => {
    const data = emptyProjectData();
    expect(data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(data.video.size).toEqual({ width: 1024, height: 576 });
    expect(data.video.audio).toEqual({ musicVolume: 0.25, voiceVolume: 1 });
    expect(data.video.frames).toEqual([]);
    expect(data.wizard.keyword).toBe('');
  });

  it('upgrades a document saved before versioning', () => {
    const result = upgradeProjectData({ video: { frames: [{ id: 'frame-1', items: [] }] } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.upgradedFrom).toBe(0);
    expect(result.data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(result.data.wizard.slides).toEqual([]);
    expect(frameCount(result.data)).toBe(1);
  });

  it('keeps fields it does not know yet (later issues add them)', () => {
    const result = upgradeProjectData({
      schemaVersion: 1,
      wizard: { keyword: 'cats', breakText: 320 },
      video: { frames: [{ id: 'frame-1', items: [{ id: 'i1', type: 'text', html: '<b>Hi</b>' }], fx: {} }] },
    });
    expect(result.ok && result.data.wizard.breakText).toBe(320);
    expect(result.ok && result.data.video.frames[0]?.items[0]).toMatchObject({ html: '<b>Hi</b>' });
  });

  it('reports what is wrong instead of throwing', () => {
    const notObject = upgradeProjectData([1, 2]);
    expect(notObject.ok).toBe(false);
    const badSize = upgradeProjectData({ schemaVersion: 1, wizard: {}, video: { size: { width: 50, height: 576 } } });
    expect(badSize.ok).toBe(false);
    if (!badSize.ok) expect(badSize.issues[0]?.path).toEqual(['video', 'size', 'width']);
    const future = upgradeProjectData({ schemaVersion: 99, wizard: {}, video: {} });
    expect(future.ok).toBe(false);
    if (!future.ok) expect(future.issues[0]?.message).toMatch(/newer version/);
  });

  it('counts frames of missing data as zero', () => {
    expect(frameCount(undefined)).toBe(0);
    expect(frameCount(null)).toBe(0);
  });
});
