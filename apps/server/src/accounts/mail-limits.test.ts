import { readOutbox } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { MAIL_LIMIT } from './attempt-limits';

/** The refusals once an address or an account had its share; the wait is the hour's rest. */
const tooMany = (what: 'to this address' | 'from this account') => ({
  error: expect.stringMatching(new RegExp(`^Too many emails ${what}\\. Try again in (59|60) minutes\\.$`)),
  code: 'too_many_emails',
});

describe.each(DB_KINDS)('mail limits on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  const email = (name: string) => `${name}-${++n}@example.com`;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const mailsTo = async (address: string) => {
    await t.app.mailer.settled();
    return (await readOutbox(t.config.dataDir)).filter((mail) => mail.to.includes(address)).length;
  };

  it('limits the addresses one account can have mailed by changing its e-mail, changing nothing when refused', async () => {
    const browser = new MemberClient(t);
    await browser.signupVerified(email('mover'));
    const targets = Array.from({ length: MAIL_LIMIT.perAccount + 1 }, () => email('target'));
    const answers = await Promise.all(targets.map((target) => browser.access('update', { name: 'M', email: target })));
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(MAIL_LIMIT.perAccount);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.json()).toEqual(tooMany('from this account'));
    const unmailed = targets.filter((_, i) => answers[i]?.statusCode === 429);
    expect(await mailsTo(unmailed[0]!)).toBe(0);
    expect((await browser.access('info')).json().email).not.toBe(unmailed[0]);
  });

  it("limits the resends to one address ('Didn't get code?'), whichever account asks", async () => {
    const target = email('resent');
    const first = new MemberClient(t);
    await first.access('signup', { email: target });
    for (let i = 1; i < MAIL_LIMIT.perAddress; i++)
      expect((await first.access('verify/send', {})).statusCode).toBe(200);
    const refused = await first.access('verify/send', {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany('to this address'));
    expect(await mailsTo(target)).toBe(MAIL_LIMIT.perAddress);

    // Another account that moves to the address cannot pick up where the first left off.
    await first.access('update', { name: 'F', email: email('elsewhere') });
    const second = new MemberClient(t);
    await second.access('signup', { email: email('second') });
    const moved = await second.access('update', { name: 'S', email: target });
    expect(moved.json()).toEqual(tooMany('to this address'));
    expect((await second.access('info')).json().email).not.toBe(target);
    expect(await mailsTo(target)).toBe(MAIL_LIMIT.perAddress);
  });

  it('limits reset codes to one address, answering a registered and an unknown one alike', async () => {
    const registered = email('forgetful');
    await new MemberClient(t).access('signup', { email: registered });
    const answers = [];
    for (const address of [registered, email('unknown')]) {
      const sends = [];
      for (let i = 0; i <= MAIL_LIMIT.perAddress; i++) {
        sends.push(await new MemberClient(t).access('forgot/send', { email: address }));
      }
      answers.push(sends.map((res) => ({ status: res.statusCode, body: res.json() })));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]?.at(-1)).toEqual({ status: 429, body: tooMany('to this address') });
    // The sign-up code plus the reset codes within the limit.
    expect(await mailsTo(registered)).toBe(1 + MAIL_LIMIT.perAddress);
  });

  it('keeps sign-up to an address within its limit', async () => {
    const target = email('signup');
    const first = new MemberClient(t);
    await first.access('signup', { email: target });
    for (let i = 1; i < MAIL_LIMIT.perAddress; i++) await first.access('verify/send', {});
    await first.access('update', { name: 'F', email: email('away') });
    const again = await new MemberClient(t).access('signup', { email: target });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual(tooMany('to this address'));
    expect(await mailsTo(target)).toBe(MAIL_LIMIT.perAddress);
  });

  it('counts mails sent, not attempts: sign-ups of and moves to a registered address send and count nothing', async () => {
    const target = email('registered');
    const owner = new MemberClient(t);
    await owner.access('signup', { email: target });
    for (let i = 0; i <= MAIL_LIMIT.perAddress; i++) {
      const res = await new MemberClient(t).access('signup', { email: target });
      expect(res.json().code, `sign-up ${i + 2}`).toBe('email_taken');
    }
    const mover = new MemberClient(t);
    await mover.access('signup', { email: email('mover') });
    for (let i = 0; i <= MAIL_LIMIT.perAccount; i++) {
      const res = await mover.access('update', { name: 'M', email: target });
      expect(res.json().code, `move ${i + 1}`).toBe('email_taken');
    }
    expect(await mailsTo(target)).toBe(1);
    // The owner still has the rest of the hour's share.
    for (let i = 1; i < MAIL_LIMIT.perAddress; i++)
      expect((await owner.access('verify/send', {})).statusCode).toBe(200);
    expect((await owner.access('verify/send', {})).json()).toEqual(tooMany('to this address'));
    expect(await mailsTo(target)).toBe(MAIL_LIMIT.perAddress);
    // And the mover's own account has sent one mail.
    expect((await mover.access('verify/send', {})).statusCode).toBe(200);
  });
});
