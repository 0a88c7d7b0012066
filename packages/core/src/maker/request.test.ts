import { describe, expect, it } from 'vitest';
import { MakeVideoRequestSchema } from './request';

describe('MakeVideoRequestSchema (issue 22, D71)', () => {
  it("fills the wizard's defaults: 1080p, wide, no keyword", () => {
    expect(MakeVideoRequestSchema.parse({ source: 'text', text: 'Title\n\nBody.' })).toEqual({
      source: 'text',
      text: 'Title\n\nBody.',
      size: '1080p',
      shape: 'wide',
      captions: 'off',
      keyword: '',
    });
  });

  it('takes each source with its own fields', () => {
    const sources = [
      { source: 'url', url: 'https://example.com/post' },
      { source: 'keyword', keyword: 'bees' },
      { source: 'listicle', items: [{ name: 'Rome' }, { name: 'Kyoto', trivia: 'Temples.' }] },
      { source: 'quiz', questions: [{ q: 'Sky colour?', option1: 'Blue', option2: 'Green', correct: '1' }] },
    ];
    for (const request of sources) expect(MakeVideoRequestSchema.safeParse(request).success).toBe(true);
    const listicle = MakeVideoRequestSchema.parse(sources[2]);
    expect(listicle).toMatchObject({ reverse: true, numitem: true, idea: '' });
  });

  it('refuses what no video can be made of, naming the field', () => {
    const refused = (request: unknown) => MakeVideoRequestSchema.safeParse(request).error?.issues[0];
    expect(refused({ source: 'text', text: ' ' })).toMatchObject({ path: ['text'], message: 'Enter the text.' });
    expect(refused({ source: 'keyword', keyword: '' })?.path).toEqual(['keyword']);
    expect(refused({ source: 'url', url: 'javascript:alert(1)' })?.path).toEqual(['url']);
    expect(refused({ source: 'text', text: 'a', slides: 51 })?.path).toEqual(['slides']);
    expect(refused({ source: 'text', text: 'a', style: 'nope' })?.message).toMatch(/^Choose a style preset: film, /);
    expect(refused({ source: 'video', text: 'a' })?.path).toEqual(['source']);
    expect(refused({ source: 'text', text: 'a', captions: 'karaoke' })?.path).toEqual(['captions']);
  });
});
