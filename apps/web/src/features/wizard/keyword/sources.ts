import type { ContentSource } from '@reelwright/core';

/** The source choices of the keyword step, in the order shown (spec 001 §2). */
export const SOURCE_CHOICES: readonly { value: ContentSource; label: string; about: string; recommended?: true }[] = [
  { value: 'ezine', label: 'Search the web', about: 'Pick an article about your keyword.', recommended: true },
  { value: 'news', label: 'News', about: 'Recent news stories about your keyword.' },
  { value: 'blog', label: 'Blog posts', about: 'Posts from blogs about your keyword.' },
  { value: 'url', label: 'Import from a link', about: 'Take the text of a page you know.' },
  { value: 'paste', label: 'Paste my text', about: 'Use text you already have.' },
  { value: 'listicle', label: 'Listicle', about: 'A countdown of items with trivia.' },
  { value: 'quiz', label: 'Quiz', about: 'Questions, choices and answers.' },
  { value: 'edit', label: 'Write from scratch', about: 'Type the title and text yourself.' },
];

export const DEFAULT_SOURCE: ContentSource = 'ezine';
