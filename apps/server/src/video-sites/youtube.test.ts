import { describe, expect, it } from 'vitest';
import { codeChallenge, oauthStates } from './oauth-state';
import { tokenCipher } from './token-crypto';
import { chunkRange, receivedOf } from './youtube';

const KIB = 1024;

describe('chunk ranges of a resumable upload', () => {
  it('cuts the file in chunks of the configured size, the last one shorter', () => {
    expect(chunkRange(0, 700 * KIB, 256 * KIB)).toEqual({ first: 0, last: 256 * KIB - 1 });
    expect(chunkRange(512 * KIB, 700 * KIB, 256 * KIB)).toEqual({ first: 512 * KIB, last: 700 * KIB - 1 });
    expect(chunkRange(0, 100, 256 * KIB)).toEqual({ first: 0, last: 99 });
  });

  it('refuses chunk sizes Google does not take and offsets outside the file', () => {
    expect(() => chunkRange(0, 700 * KIB, 300 * KIB)).toThrow(/256 KiB/);
    expect(() => chunkRange(700 * KIB, 700 * KIB, 256 * KIB)).toThrow(/outside/);
  });

  it("reads the bytes held from a 308's Range header", () => {
    expect(receivedOf(null)).toBe(0);
    expect(receivedOf('bytes=0-262143')).toBe(256 * KIB);
    expect(() => receivedOf('bytes=5-9')).toThrow(/unreadable/);
  });
});

describe('sealed tokens (AES-256-GCM)', () => {
  const cipher = tokenCipher('a-secret-of-at-least-thirty-two-characters');

  it('round-trips a token, with a fresh IV each time', () => {
    const sealed = cipher.encrypt('1//0gRefresh-token', 7);
    expect(sealed).not.toContain('Refresh');
    expect(cipher.encrypt('1//0gRefresh-token', 7)).not.toBe(sealed);
    expect(cipher.decrypt(sealed, 7)).toBe('1//0gRefresh-token');
  });

  it('fails for another member, another key, or a changed byte', () => {
    const sealed = cipher.encrypt('ya29.access', 7);
    expect(() => cipher.decrypt(sealed, 8)).toThrow();
    expect(() => tokenCipher('another-secret-of-at-least-thirty-two-chars').decrypt(sealed, 7)).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => cipher.decrypt([version, iv, tag, flipped].join('.'), 7)).toThrow();
  });
});

describe('OAuth state', () => {
  const states = oauthStates('a-secret-of-at-least-thirty-two-characters');

  it('is accepted in the session it was made in, within the hour', () => {
    const now = Date.now();
    const state = states.create({ memberId: 3, returnTo: '/app.html' }, 'session-a', now);
    expect(states.verify(state, 'session-a', now + 1000)).toEqual({ memberId: 3, returnTo: '/app.html' });
    expect(states.verify(state, 'session-b', now + 1000)).toBeNull();
    expect(states.verify(state, null, now + 1000)).toBeNull();
    expect(states.verify(state, 'session-a', now + 61 * 60_000)).toBeNull();
  });

  it('derives an RFC 7636 verifier and its S256 challenge', () => {
    const verifier = states.codeVerifier('some-state');
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(states.codeVerifier('some-state')).toBe(verifier);
    expect(codeChallenge(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(codeChallenge(verifier)).not.toBe(verifier);
  });
});
