import { describe, expect, it } from 'vitest';
import { urlProblem } from './article-url';

describe('urlProblem', () => {
  it('accepts http and https addresses, trimmed', () => {
    expect(urlProblem(' https://example.com/a?b=1 ')).toBeNull();
    expect(urlProblem('http://example.com')).toBeNull();
  });

  it('asks for an address when empty', () => {
    expect(urlProblem('  ')).toBe("Enter the article's address.");
  });

  it('refuses text that is not a web address', () => {
    expect(urlProblem('example.com')).toMatch(/http:\/\/ or https:\/\//);
    expect(urlProblem('ftp://example.com')).toMatch(/http:\/\/ or https:\/\//);
  });
});
