import { describe, expect, it } from 'vitest';
import { embedCode } from './embed-code';

describe('embed code (spec 000 §7, §9)', () => {
  it('frames the embed page at 1024 × 624 and credits the product', () => {
    const code = embedCode('https://reelwright.example', 'abc_DEF-123456789012');
    expect(code).toContain('src="https://reelwright.example/embed.html?hash=abc_DEF-123456789012"');
    expect(code).toContain('width="1024" height="624"');
    expect(code).toContain('<a href="https://reelwright.example/">Reelwright</a>');
  });
});
