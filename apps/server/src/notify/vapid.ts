import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { appSecrets } from './tables';

/** The application server's VAPID key pair (RFC 8292), base64url as web-push writes it. */
export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SECRET = 'vapid';
const VapidKeysSchema = z.object({
  publicKey: z.string().regex(/^[\w-]{87}$/),
  privateKey: z.string().regex(/^[\w-]{43}$/),
});

/**
 * The VAPID keys, made on first use and kept in `app_secrets`. Race-safe: every process inserts
 * a fresh pair with `on conflict do nothing` and then reads what is stored, so two processes
 * starting at once agree on the pair that won. Browsers subscribe with the public key, so it
 * must never change while subscriptions exist.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  await db.insert(appSecrets).values({ name: VAPID_SECRET, value: webpush.generateVAPIDKeys() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET));
  const parsed = VapidKeysSchema.safeParse(row?.value);
  if (!parsed.success) throw new Error(`app_secrets '${VAPID_SECRET}' does not hold a VAPID key pair`);
  return parsed.data;
}

/**
 * Who push services can contact about our messages (RFC 8292 §2.1): VAPID_SUBJECT, else
 * PUBLIC_URL when it is https, else the address of MAIL_FROM (web-push accepts only mailto:
 * and https: subjects, and a plain-http local PUBLIC_URL is neither).
 */
export function vapidSubject(config: Pick<Config, 'vapidSubject' | 'publicUrl' | 'mailFrom'>): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
}
