import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (the library's default; its PHC string says `$argon2id$`). */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, or no password set)
 * it still verifies against a throwaway hash, so the answer takes as long either way and
 * timing does not tell whether an address is registered.
 */
export async function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
