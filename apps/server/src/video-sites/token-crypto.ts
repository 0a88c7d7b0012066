/**
 * Members' OAuth tokens are stored encrypted (AES-256-GCM): a copy of the database alone does not
 * let anyone upload to their channels. The key is derived from VIDEO_SITE_TOKEN_KEY with HKDF;
 * each token is bound to its member (additional data), so a row copied to another member fails.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export type TokenCipher = {
  encrypt(plain: string, memberId: number): string;
  /** Throws when the text was not made with this key for this member. */
  decrypt(sealed: string, memberId: number): string;
};

/** A cipher whose key is derived from the secret; `purpose` keeps keys for different uses apart. */
export function tokenCipher(secret: string, purpose = 'video-site tokens'): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'reelwright', purpose, 32));
  const aad = (memberId: number) => Buffer.from(`member:${memberId}`);
  return {
    encrypt(plain, memberId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(memberId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(sealed, memberId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(aad(memberId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
