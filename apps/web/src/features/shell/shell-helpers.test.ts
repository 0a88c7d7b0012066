import type { NewsItem } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { markAllRead, orderNews, parseSeenMap, unreadCount } from './news-read-state';
import { filterProjects, formatCreatedDate, projectLabel, showProjectSearch } from './project-list';
import { awaitsPoster, POSTER_PENDING_MS, posterOf } from './project-thumbnail';

const item = (id: string, day: number): NewsItem => ({
  id,
  text: `news ${id}`,
  url: '',
  created_at: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
});

describe('news read state', () => {
  const items = [item('a', 1), item('b', 3), item('c', 2)];

  it('puts unread items first, each group newest first', () => {
    expect(orderNews(items, { b: true }).map((i) => i.id)).toEqual(['c', 'a', 'b']);
    expect(orderNews(items, {}).map((i) => i.id)).toEqual(['b', 'c', 'a']);
  });

  it('counts unread items and clears them all', () => {
    expect(unreadCount(items, { a: true })).toBe(2);
    const seen = markAllRead(items, { old: true });
    expect(unreadCount(items, seen)).toBe(0);
    expect(seen.old).toBe(true);
  });

  it('treats a broken stored map as nothing read', () => {
    expect(parseSeenMap('not json')).toEqual({});
    expect(parseSeenMap('[1]')).toEqual({});
    expect(parseSeenMap('{"a":true,"b":1}')).toEqual({ a: true });
    expect(parseSeenMap(null)).toEqual({});
  });
});

describe('project list', () => {
  const projects = [
    { title: '', name: 'Cat care' },
    { title: 'Dog tricks', name: 'dogs' },
  ];

  it('labels by title, else name', () => {
    expect(projects.map(projectLabel)).toEqual(['Cat care', 'Dog tricks']);
    expect(projectLabel({ title: ' ', name: '' })).toBe('Untitled video');
  });

  it('shows the search box only above 5 projects', () => {
    expect(showProjectSearch(5)).toBe(false);
    expect(showProjectSearch(6)).toBe(true);
  });

  it('filters by title or name, ignoring case', () => {
    expect(filterProjects(projects, 'DOG')).toEqual([projects[1]]);
    expect(filterProjects(projects, 'cat')).toEqual([projects[0]]);
    expect(filterProjects(projects, '  ')).toEqual(projects);
  });

  it('formats the created date and tolerates bad input', () => {
    expect(formatCreatedDate('2025-03-04T10:00:00Z', 'en-US')).toBe('Mar 4, 2025');
    expect(formatCreatedDate('nope')).toBe('');
  });
});

describe('project posters', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  const row = (fields: { thumbnailUrl?: string; thumbnail?: string | null; secondsAgo: number }) => ({
    thumbnailUrl: fields.thumbnailUrl,
    thumbnail: fields.thumbnail ?? null,
    updated_at: new Date(now - fields.secondsAgo * 1000).toISOString(),
  });

  it('shows the drawn poster first, else a thumbnail the client stored', () => {
    const both = row({
      thumbnailUrl: '/media/thumbnails/1-ab.webp',
      thumbnail: 'https://img.test/t.png',
      secondsAgo: 1,
    });
    expect(posterOf(both, now)).toEqual({ kind: 'image', src: '/media/thumbnails/1-ab.webp' });
    expect(posterOf(row({ thumbnail: 'https://img.test/t.png', secondsAgo: 1 }), now)).toEqual({
      kind: 'image',
      src: 'https://img.test/t.png',
    });
  });

  it('says a poster is being drawn just after a save, and asks for the list again meanwhile', () => {
    expect(posterOf(row({ secondsAgo: 5 }), now)).toEqual({ kind: 'drawing' });
    expect(posterOf(row({ secondsAgo: POSTER_PENDING_MS / 1000 + 1 }), now)).toEqual({ kind: 'none' });
    expect(awaitsPoster([row({ thumbnailUrl: '/media/thumbnails/1-ab.webp', secondsAgo: 1 })], now)).toBe(false);
    expect(awaitsPoster([row({ secondsAgo: 600 }), row({ secondsAgo: 5 })], now)).toBe(true);
    expect(awaitsPoster([row({ secondsAgo: 600 })], now)).toBe(false);
  });
});
