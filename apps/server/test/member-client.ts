import { latestCode } from '@reelwright/testkit';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers';

/**
 * A browser for integration tests: keeps the session cookie between calls like a real one, and
 * reads codes from the outbox once the mail has left.
 */
export class MemberClient {
  cookie: string | null = null;

  constructor(private readonly t: TestApp) {}

  /** `POST /api/members/access/{action}` with a JSON body. */
  access(action: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url: `/api/members/access/${action}`, payload: body as object });
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    // As the app's own page calls (a real browser says so in Fetch metadata).
    const headers = {
      'sec-fetch-site': 'same-origin',
      ...options.headers,
      ...(this.cookie ? { cookie: `rw_session=${this.cookie}` } : {}),
    };
    const res = await this.t.app.inject({ ...options, headers });
    const set = res.cookies.find((c) => c.name === 'rw_session');
    if (set) this.cookie = set.value || null;
    return res;
  }

  /** The newest code mailed to an address. */
  async codeFor(email: string): Promise<string> {
    await this.t.app.mailer.settled();
    const code = await latestCode(this.t.config.dataDir, email);
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  }

  /** Signs up (with a password) and verifies the address: a member ready to use the app. */
  async signupVerified(email: string, password = 'secret-pass'): Promise<{ id: number }> {
    const res = await this.access('signup', { email, password });
    if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
    const verified = await this.access('verify/check', { code: await this.codeFor(email) });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    return verified.json();
  }
}
