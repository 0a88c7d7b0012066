import { describe, expect, it } from 'vitest';
import { isVideoSiteUrl, videoSiteEmbedUrl, videoSiteOf, videoSitePoster } from './video-site';

describe('video-site addresses', () => {
  it("reads YouTube's address forms", () => {
    const clip = { site: 'youtube', id: 'dQw4w9WgXcQ' };
    expect(videoSiteOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual(clip);
    expect(videoSiteOf('https://youtu.be/dQw4w9WgXcQ?si=abc')).toEqual(clip);
    expect(videoSiteOf('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(clip);
    expect(videoSiteOf('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toEqual(clip);
    expect(videoSiteOf('http://youtube.com/live/dQw4w9WgXcQ')).toEqual(clip);
  });

  it("reads Vimeo's address forms", () => {
    expect(videoSiteOf('https://vimeo.com/76979871')).toEqual({ site: 'vimeo', id: '76979871' });
    expect(videoSiteOf('https://vimeo.com/channels/staffpicks/76979871')).toEqual({ site: 'vimeo', id: '76979871' });
    expect(videoSiteOf('https://player.vimeo.com/video/76979871?h=1')).toEqual({ site: 'vimeo', id: '76979871' });
  });

  it('takes nothing else for a video-site clip', () => {
    for (const url of [
      '/media/uploads/clip.mp4',
      'https://cdn.pixabay.com/video/clip.mp4',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/about',
      'not a url',
    ]) {
      expect(isVideoSiteUrl(url), url).toBe(false);
    }
  });

  it('embeds a clip muted, without controls, playing, scriptable from the page', () => {
    const youtube = new URL(
      videoSiteEmbedUrl({ site: 'youtube', id: 'dQw4w9WgXcQ' }, { origin: 'http://127.0.0.1:3000', start: 12.7 }),
    );
    expect(youtube.origin + youtube.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(Object.fromEntries(youtube.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '1',
      controls: '0',
      enablejsapi: '1',
      origin: 'http://127.0.0.1:3000',
      start: '12',
    });
    const withControls = new URL(
      videoSiteEmbedUrl({ site: 'youtube', id: 'dQw4w9WgXcQ' }, { origin: 'x', controls: true }),
    );
    expect(withControls.searchParams.get('controls')).toBe('1');
    expect(withControls.searchParams.has('disablekb')).toBe(false);
    expect(videoSiteEmbedUrl({ site: 'vimeo', id: '76979871' }, { origin: 'x' })).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&muted=1&controls=0&playsinline=1&dnt=1',
    );
  });

  it("knows YouTube's poster address, not Vimeo's", () => {
    expect(videoSitePoster({ site: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(videoSitePoster({ site: 'vimeo', id: '76979871' })).toBeUndefined();
  });
});
