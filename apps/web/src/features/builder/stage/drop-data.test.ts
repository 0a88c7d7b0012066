import { describe, expect, it } from 'vitest';
import { ITEM_DRAG_TYPE, readDrop, typeOfUrl } from './drop-data';

const transfer = (entries: Record<string, string>) => ({
  types: Object.keys(entries),
  getData: (type: string) => entries[type] ?? '',
});

describe('reading a drop', () => {
  it('reads an item dragged from the add-item panel', () => {
    expect(readDrop(transfer({ [ITEM_DRAG_TYPE]: '{"type":"video","url":"/v.mp4"}' }))).toEqual({
      type: 'video',
      url: '/v.mp4',
    });
    expect(readDrop(transfer({ [ITEM_DRAG_TYPE]: 'not json' }))).toBeNull();
  });

  it('turns a dragged link into media by its extension, and plain text into text', () => {
    expect(readDrop(transfer({ 'text/uri-list': 'https://x.test/a.MP3?x=1\n' }))).toEqual({
      type: 'audio',
      url: 'https://x.test/a.MP3?x=1',
    });
    expect(readDrop(transfer({ 'text/plain': '  Hello  ' }))).toEqual({ type: 'text', text: 'Hello' });
    expect(readDrop(transfer({}))).toBeNull();
  });

  it('knows video, audio and image links', () => {
    expect(typeOfUrl('/clip.webm')).toBe('video');
    expect(typeOfUrl('/song.ogg#t')).toBe('audio');
    expect(typeOfUrl('/photo')).toBe('image');
  });
});
