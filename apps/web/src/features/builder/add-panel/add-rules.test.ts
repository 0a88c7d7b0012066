import { ENGINE_LICENSES } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { slide, TestEditor } from '../../../builder/test/test-editor';
import {
  ADD_TABS,
  DEFAULT_KEYWORD,
  KEYWORD_REQUIRED,
  lastEngineValue,
  mimeTypeOf,
  type OfferedEngine,
  pickSource,
  type SearchTab,
  searchRequest,
  showSourceSelect,
  sourceOfResult,
  sourceOfVideoSiteLink,
  sourcesFor,
  thumbnailCandidates,
  usableThumbnail,
} from './add-rules';

/** What a server with every engine configured offers. */
const EVERY_ENGINE: OfferedEngine[] = [
  { engine: 'pixabay', types: ['image', 'video'] },
  { engine: 'pexel', types: ['image', 'video'] },
  { engine: 'unsplash', types: ['image'] },
  { engine: 'giphy', types: ['video'] },
  { engine: 'google', types: ['image'] },
  { engine: 'bing', types: ['image'] },
  { engine: 'youtube', types: ['video'] },
  { engine: 'free-sound', types: ['audio'] },
  { engine: 'openverse', types: ['image'] },
  { engine: 'wikimedia', types: ['image'] },
  { engine: 'emojis', types: ['image'] },
  { engine: 'icons', types: ['image'] },
  { engine: 'shapes', types: ['image'] },
  { engine: 'generated', types: ['image'] },
  { engine: 'library', types: ['image', 'video', 'audio'] },
];
/** What the embedded defaults offer a member: no outside engine has a key. */
const OFFLINE: OfferedEngine[] = EVERY_ENGINE.filter((e) =>
  ['emojis', 'icons', 'shapes', 'generated', 'library'].includes(e.engine),
);

describe('the add-item panel', () => {
  it('has the spec’s tabs in order, every one but text a search tab', () => {
    expect(ADD_TABS).toEqual(['text', 'image', 'video', 'audio', 'emojis', 'icons', 'giphy', 'shapes']);
    expect(DEFAULT_KEYWORD).toBe('happy');
  });

  it('searches video for giphy, audio for audio, and images for every other tab', () => {
    const types = Object.fromEntries(ADD_TABS.filter((t) => t !== 'text').map((t) => [t, mimeTypeOf(t)]));
    expect(types).toEqual({
      image: 'image',
      video: 'video',
      audio: 'audio',
      emojis: 'image',
      icons: 'image',
      giphy: 'video',
      shapes: 'image',
    });
  });

  it('offers each tab the spec’s engines the server has, in order, and the member’s library', () => {
    expect(sourcesFor('image', EVERY_ENGINE)).toEqual([
      'pixabay',
      'pexel',
      'unsplash',
      'bing',
      'google',
      'openverse',
      'wikimedia',
      'generated',
      'library',
    ]);
    expect(sourcesFor('video', EVERY_ENGINE)).toEqual(['pixabay', 'pexel', 'giphy', 'youtube', 'library']);
    expect(sourcesFor('audio', EVERY_ENGINE)).toEqual(['free-sound', 'library']);
    expect(sourcesFor('emojis', EVERY_ENGINE)).toEqual(['emojis']);
    expect(sourcesFor('giphy', EVERY_ENGINE)).toEqual(['giphy']);
    expect(sourcesFor('shapes', EVERY_ENGINE)).toEqual(['shapes']);
    // An engine that does not answer the tab's type is not offered for it.
    expect(sourcesFor('audio', [{ engine: 'library', types: ['image'] }])).toEqual([]);
    // Without keys, the image tab searches the wizard's generated pictures first, then the
    // library (D92); emojis, icons and shapes still work.
    expect(sourcesFor('image', OFFLINE)).toEqual(['generated', 'library']);
    expect(pickSource('image', sourcesFor('image', OFFLINE), null)).toBe('generated');
    const keyless = [...OFFLINE, { engine: 'openverse', types: ['image'] }, { engine: 'wikimedia', types: ['image'] }];
    expect(sourcesFor('image', keyless)).toEqual(['openverse', 'wikimedia', 'generated', 'library']);
    expect(sourcesFor('icons', OFFLINE)).toEqual(['icons']);
    expect(sourcesFor('giphy', OFFLINE)).toEqual([]);
  });

  it('shows the source dropdown only for more than one source, on screens wider than 768 px', () => {
    expect(showSourceSelect(['pixabay', 'pexel'], 1024)).toBe(true);
    expect(showSourceSelect(['pixabay', 'pexel'], 769)).toBe(true);
    expect(showSourceSelect(['pixabay', 'pexel'], 768)).toBe(false);
    expect(showSourceSelect(['emojis'], 1920)).toBe(false);
  });

  it('starts on the engine remembered as {type}-{engine}, else pixabay, else the first', () => {
    const sources = sourcesFor('image', EVERY_ENGINE);
    expect(lastEngineValue('image', 'unsplash')).toBe('image-unsplash');
    expect(pickSource('image', sources, 'image-unsplash')).toBe('unsplash');
    expect(pickSource('image', sources, null)).toBe('pixabay');
    // Another tab's memory, or an engine no longer offered, is not used.
    expect(pickSource('image', sources, 'video-giphy')).toBe('pixabay');
    expect(pickSource('image', ['pexel', 'library'], 'image-unsplash')).toBe('pexel');
    expect(pickSource('audio', sourcesFor('audio', EVERY_ENGINE), null)).toBe('free-sound');
    expect(pickSource('giphy', [], null)).toBeUndefined();
  });

  it('needs a keyword and asks the spec’s call', () => {
    const base = { tab: 'giphy' as SearchTab, engine: 'giphy' };
    expect(searchRequest({ ...base, keyword: '  ' })).toEqual({ error: KEYWORD_REQUIRED });
    expect(searchRequest({ ...base, keyword: ' cats ' })).toEqual({ mimeType: 'video', engine: 'giphy', q: 'cats' });
    expect(searchRequest({ ...base, keyword: 'cats', engine: undefined })).toBeNull();
    // Icons and shapes are drawn in the colour picked, white to start; the others ask no colour.
    const icons = { tab: 'icons' as SearchTab, engine: 'icons', keyword: 'star' };
    expect(searchRequest(icons)).toEqual({ mimeType: 'image', engine: 'icons', q: 'star', color: '#ffffff' });
    expect(searchRequest({ ...icons, color: '#ff0000' })).toMatchObject({ color: '#ff0000' });
    expect(searchRequest({ ...base, keyword: 'cats', color: '#ff0000' })).not.toHaveProperty('color');
  });

  it('tries the thumbnail, then the full url, and drops tiles under 10×10', () => {
    expect(thumbnailCandidates({ url: 'https://x/full.jpg', thumbnail: 'https://x/t.jpg' })).toEqual([
      'https://x/t.jpg',
      'https://x/full.jpg',
    ]);
    expect(thumbnailCandidates({ url: 'https://x/full.jpg', thumbnail: null })).toEqual(['https://x/full.jpg']);
    expect(thumbnailCandidates({ url: 'https://x/a.jpg', thumbnail: 'https://x/a.jpg' })).toEqual(['https://x/a.jpg']);
    expect(usableThumbnail(10, 10)).toBe(true);
    expect(usableThumbnail(9, 200)).toBe(false);
    expect(usableThumbnail(200, 9)).toBe(false);
  });

  it('adds a clicked result at the playhead, half the stage, for 3 s, with its engine and license', () => {
    const editor = TestEditor.create([slide('frame-1', [], 10)]);
    editor.setPlayhead(4);
    const added = editor.addItem(sourceOfResult('image', 'pixabay', { url: '/media/cat.jpg', thumbnail: '/t.jpg' }))!;
    expect(added.type).toBe('image');
    expect(added.timing).toEqual({ start: 4, stop: 7 });
    expect(added.box).toMatchObject({ left: 0.25, top: 0.25, width: 0.5, height: 0.5 });
    expect(added.type === 'image' && added.credit).toEqual({ source: 'pixabay', license: ENGINE_LICENSES.pixabay });
    expect(editor.selectedIds).toEqual([added.id]);
    // One undo step takes it away.
    editor.undo();
    expect(editor.data.video.frames[0]!.items).toEqual([]);
  });

  it('adds giphy results as clips, emojis and shapes as pictures, sounds with their length', () => {
    const editor = TestEditor.create([slide('frame-1', [], 10)]);
    const gif = editor.addItem(sourceOfResult('giphy', 'giphy', { url: '/media/dance.mp4' }))!;
    const emoji = editor.addItem(sourceOfResult('emojis', 'emojis', { url: '/media/emojis/1.png' }))!;
    const shape = editor.addItem(sourceOfResult('shapes', 'shapes', { url: '/media/shapes/2.svg' }))!;
    const sound = editor.addItem(sourceOfResult('audio', 'free-sound', { url: '/media/bell.mp3', duration: 2.5 }))!;
    expect([gif.type, emoji.type, shape.type, sound.type]).toEqual(['video', 'image', 'image', 'audio']);
    expect(sound.type === 'audio' && sound.duration).toBe(2.5);
    expect(sound.type === 'audio' && sound.credit?.license).toBe(ENGINE_LICENSES['free-sound']);
    expect(emoji.type === 'image' && emoji.credit?.license).toMatch(/Open Font License/);
  });

  it('names the item after the result, and shows emojis, icons and shapes whole', () => {
    const editor = TestEditor.create([slide('frame-1', [], 10)]);
    const photo = editor.addItem(sourceOfResult('image', 'pexel', { url: '/media/lake.jpg', name: 'Lake at dawn' }))!;
    const icon = editor.addItem(sourceOfResult('icons', 'icons', { url: '/media/icons/star.png', name: 'star' }))!;
    const unnamed = editor.addItem(sourceOfResult('video', 'pixabay', { url: '/media/clip.mp4', name: '  ' }))!;
    expect(photo.label).toBe('Lake at dawn');
    expect(photo.type === 'image' && photo.fit).toBe('cover');
    expect(icon.type === 'image' && icon.fit).toBe('contain');
    expect(unnamed.label).toBeUndefined();
  });

  it('adds a video-site clip with its thumbnail as the poster a render draws (D55)', () => {
    const editor = TestEditor.create([slide('frame-1', [], 10)]);
    const watch = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const found = editor.addItem(
      sourceOfResult('video', 'youtube', { url: watch, thumbnail: 'https://i.ytimg.com/x.jpg', name: 'A talk' }),
    )!;
    expect(found).toMatchObject({ type: 'video', url: watch, poster: 'https://i.ytimg.com/x.jpg', label: 'A talk' });
    const file = editor.addItem(sourceOfResult('video', 'pixabay', { url: '/media/clip.mp4', thumbnail: '/t.jpg' }))!;
    expect(file.type === 'video' && file.poster).toBeUndefined();
  });

  it('takes a pasted video-site link as the clip itself, not an import', () => {
    expect(sourceOfVideoSiteLink(' https://youtu.be/dQw4w9WgXcQ ')).toEqual({
      type: 'video',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      label: 'YouTube video',
      poster: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(sourceOfVideoSiteLink('https://vimeo.com/76979871')).toEqual({
      type: 'video',
      url: 'https://vimeo.com/76979871',
      label: 'Vimeo video',
    });
    expect(sourceOfVideoSiteLink('https://example.com/clip.mp4')).toBeNull();
  });
});
