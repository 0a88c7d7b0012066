import { ONE_TIME_CODE_MAX_ATTEMPTS } from '@reelwright/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { CODE_GUESS_LIMIT } from './attempt-limits';
import { accessThrottles, oneTimeCodes, users } from './tables';

/** A code that is well-formed but not the one that was sent. */
const otherThan = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

/** The refusal once an address had its share; the wait is the window's rest, 15 minutes or just under. */
const tooManyCodes = {
  error: expect.stringMatching(/^Too many wrong codes\. Try again in 1[45] minutes\.$/),
  code: 'too_many_codes',
};

describe.each(DB_KINDS)('code guessing on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  const email = (name: string) => `${name}-${++n}@example.com`;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedUp(name: string) {
    const browser = new MemberClient(t);
    const address = email(name);
    await browser.access('signup', { email: address, password: 'pass-word' });
    return { browser, address, code: await browser.codeFor(address) };
  }

  /** The tries taken from each of the address's codes for a purpose. */
  const attemptsOn = async (address: string, purpose: 'verify' | 'reset') => {
    const [member] = await t.app.db.select().from(users).where(eq(users.email, address));
    const rows = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, member!.id), eq(oneTimeCodes.purpose, purpose)));
    return rows.map((row) => row.attempts);
  };

  /** Moves every counter's window back past its end, as if the wait had passed. */
  const waitOutWindows = () => t.app.db.update(accessThrottles).set({ windowStartedAt: sql`now() - interval '1 day'` });

  it('evaluates no more than ONE_TIME_CODE_MAX_ATTEMPTS of a concurrent burst on one code', async () => {
    const { browser, address, code } = await signedUp('burst');
    const burst = await Promise.all(
      Array.from({ length: CODE_GUESS_LIMIT.limit - 1 }, () =>
        browser.access('verify/check', { code: otherThan(code) }),
      ),
    );
    const wrong = burst.map((res) => res.json()).filter((body) => body.code === 'code_wrong');
    // Each evaluated wrong guess takes its own try: 4, 3, 2 and 1 left, then the code is spent.
    expect(wrong.map((body) => body.error).sort()).toEqual(
      Array.from({ length: ONE_TIME_CODE_MAX_ATTEMPTS - 1 }, (_, i) => {
        const left = i + 1;
        return `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
      }).sort(),
    );
    expect(burst.filter((res) => res.json().code === 'code_burnt')).toHaveLength(burst.length - wrong.length);
    expect(await attemptsOn(address, 'verify')).toEqual([ONE_TIME_CODE_MAX_ATTEMPTS]);
    expect((await browser.access('verify/check', { code })).json().code).toBe('code_burnt');
  });

  it('limits wrong codes per account across fresh codes, and says when to try again', async () => {
    const { browser, address, code: first } = await signedUp('across');
    for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS; i++)
      await browser.access('verify/check', { code: otherThan(first) });
    await browser.access('verify/send', {});
    const second = await browser.codeFor(address);
    for (let i = 0; i < CODE_GUESS_LIMIT.limit - ONE_TIME_CODE_MAX_ATTEMPTS; i++) {
      expect((await browser.access('verify/check', { code: otherThan(second) })).statusCode).toBe(400);
    }
    await browser.access('verify/send', {});
    const third = await browser.codeFor(address);

    const refused = await browser.access('verify/check', { code: third });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyCodes);
    expect(await attemptsOn(address, 'verify')).toEqual([0]);

    await waitOutWindows();
    expect((await browser.access('verify/check', { code: third })).json()).toMatchObject({ verified: true });
  });

  it('counts a concurrent burst of reset guesses per address, registered or not, and answers both alike', async () => {
    const { address } = await signedUp('reset-burst');
    await new MemberClient(t).access('forgot/send', { email: address });
    const code = await new MemberClient(t).codeFor(address);
    for (const target of [address, email('nobody')]) {
      const burst = await Promise.all(
        Array.from({ length: 3 * CODE_GUESS_LIMIT.limit }, () =>
          new MemberClient(t).access('forgot/check', { email: target, code: otherThan(code), new_password: 'abcdef' }),
        ),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 400)).toHaveLength(CODE_GUESS_LIMIT.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2 * CODE_GUESS_LIMIT.limit);
      expect(burst.find((res) => res.statusCode === 429)?.json()).toEqual(tooManyCodes);
    }
    expect(await attemptsOn(address, 'reset')).toEqual([ONE_TIME_CODE_MAX_ATTEMPTS]);
  });

  it('starts the count again after a right code', async () => {
    const { browser, address, code } = await signedUp('forgiven');
    for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS - 1; i++)
      await browser.access('verify/check', { code: otherThan(code) });
    expect((await browser.access('verify/check', { code })).statusCode).toBe(200);
    const reset = (code: string) =>
      new MemberClient(t).access('forgot/check', { email: address, code, new_password: 'abcdef' });
    await new MemberClient(t).access('forgot/send', { email: address });
    const spent = await browser.codeFor(address);
    for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS; i++) expect((await reset(otherThan(spent))).statusCode).toBe(400);
    await new MemberClient(t).access('forgot/send', { email: address });
    // The 11th guess since sign-up, but only the 6th since the right one.
    expect((await reset(await browser.codeFor(address))).statusCode).toBe(200);
  });
});
