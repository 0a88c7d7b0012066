import { messages } from '@reelwright/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLoginToContinue, useAuthPopup } from './auth-popup-store';

describe('auth popup store', () => {
  afterEach(() => useAuthPopup.getState().close());

  it("opens 'Login to continue' static, on the Log in tab (spec 000 §4)", () => {
    openLoginToContinue();
    expect(useAuthPopup.getState()).toMatchObject({
      opened: true,
      title: messages.loginToContinue,
      isStatic: true,
      tab: 'login',
    });
  });

  it('opens on the default tab unless the opener names one', () => {
    useAuthPopup.getState().open({ title: 'Create your free account' });
    expect(useAuthPopup.getState().tab).toBeNull();
  });

  it("resumes the opener's step once, when someone is verified", async () => {
    const resume = vi.fn();
    useAuthPopup.getState().open({ title: 'Log in to publish your video', tab: 'login', resume });
    useAuthPopup.getState().finish();
    await Promise.resolve();
    expect(resume).toHaveBeenCalledTimes(1);
    expect(useAuthPopup.getState()).toMatchObject({ opened: false, resume: null, tab: null });
    useAuthPopup.getState().finish();
    await Promise.resolve();
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('drops the step when the popup is closed without a verified member', async () => {
    const resume = vi.fn();
    useAuthPopup.getState().open({ resume });
    useAuthPopup.getState().close();
    useAuthPopup.getState().finish();
    await Promise.resolve();
    expect(resume).not.toHaveBeenCalled();
  });

  it('drops the step of an earlier opener when another opens the popup', async () => {
    const first = vi.fn();
    useAuthPopup.getState().open({ resume: first });
    useAuthPopup.getState().open({ title: 'Log in to download your video' });
    useAuthPopup.getState().finish();
    await Promise.resolve();
    expect(first).not.toHaveBeenCalled();
  });
});
