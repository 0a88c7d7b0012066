import { describe, expect, it } from 'vitest';
import { contactSlideCount, readSocial, socialProblem, socialProblems, withSocialEntry } from './social';

describe('socialProblem', () => {
  it('asks for a value when an item is enabled but empty', () => {
    expect(socialProblem('website', '  ')).toBe('Enter the website or turn it off.');
  });

  it('accepts web addresses with or without the scheme', () => {
    expect(socialProblem('website', 'https://example.com/about')).toBeNull();
    expect(socialProblem('facebook', 'facebook.com/sunny')).toBeNull();
    expect(socialProblem('twitter', 'http://twitter.com/sunny')).toBeNull();
  });

  it('refuses what is not a web address', () => {
    expect(socialProblem('website', 'my site')).toMatch(/valid Website address/);
    expect(socialProblem('instagram', 'sunny')).toMatch(/valid Instagram address/);
    expect(socialProblem('website', 'ftp://example.com')).not.toBeNull();
  });

  it('checks e-mail addresses and phone numbers', () => {
    expect(socialProblem('email', 'hello@example.com')).toBeNull();
    expect(socialProblem('email', 'hello@')).toBe('Enter a valid email address.');
    expect(socialProblem('phone', '+1 (555) 123-4567')).toBeNull();
    expect(socialProblem('phone', '123')).toBe('Enter a valid phone number.');
    expect(socialProblem('phone', 'call me')).toBe('Enter a valid phone number.');
  });

  it('keeps the intro and outro short', () => {
    expect(socialProblem('intro', 'Hello')).toBeNull();
    expect(socialProblem('outro', 'x'.repeat(121))).toMatch(/under 120 characters/);
  });
});

describe('social data', () => {
  it('checks only enabled items', () => {
    const social = { website: { enabled: true, value: 'nope' }, email: { enabled: false, value: 'nope' } };
    expect(Object.keys(socialProblems(social))).toEqual(['website']);
  });

  it('counts one contact slide per enabled item with a value', () => {
    const social = {
      intro: { enabled: true, value: 'Hi' },
      phone: { enabled: true, value: ' ' },
      outro: { enabled: false, value: 'Bye' },
    };
    expect(contactSlideCount(social)).toBe(1);
  });

  it('changes one item, creating it disabled and empty', () => {
    expect(withSocialEntry({}, 'phone', { enabled: true })).toEqual({ phone: { enabled: true, value: '' } });
    expect(withSocialEntry({ phone: { enabled: true, value: '1' } }, 'phone', { value: '2' }).phone).toEqual({
      enabled: true,
      value: '2',
    });
  });

  it('reads malformed saved data as empty', () => {
    expect(readSocial(undefined)).toEqual({});
    expect(readSocial('x')).toEqual({});
    expect(readSocial({ intro: { enabled: true } })).toEqual({ intro: { enabled: true, value: '' } });
  });
});
