import { describe, expect, it } from 'vitest';
import { addressWithoutOutcome } from './video-site-return';

describe('coming back from connecting a channel', () => {
  it('drops the outcome from the address and keeps the project, other parameters and the route', () => {
    expect(
      addressWithoutOutcome(
        'https://app.example/app.html?pid=7&video_site=failed&video_site_reason=No+channel&x=1#/builder',
      ),
    ).toBe('/app.html?pid=7&x=1#/builder');
    expect(addressWithoutOutcome('https://app.example/app.html?pid=7#/wizard')).toBe('/app.html?pid=7#/wizard');
  });
});
