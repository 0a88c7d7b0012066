import { describe, expect, it } from 'vitest';
import { QUICK_TIPS, quickTipCookie, quickTipsBlocked } from './quick-tips';

describe('quick tips', () => {
  it('has five tips', () => expect(QUICK_TIPS).toHaveLength(5));

  it('is blocked by the no_quick_tip_popup cookie only', () => {
    expect(quickTipsBlocked('a=1; no_quick_tip_popup=1')).toBe(true);
    expect(quickTipsBlocked('no_quick_tip_popup_x=1; b=2')).toBe(false);
    expect(quickTipsBlocked('')).toBe(false);
  });

  it('keeps the cookie a day, or 365 days when never to show again', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(quickTipCookie(false, now)).toContain('expires=Tue, 24 Nov 2026 00:00:00 GMT');
    expect(quickTipCookie(true, now)).toContain('expires=Tue, 23 Nov 2027 00:00:00 GMT');
  });
});
