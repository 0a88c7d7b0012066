import { describe, expect, it } from 'vitest';
import { notifyFailureText } from './NotifyPrompt';

describe('notifyFailureText', () => {
  it('says the push service did not answer, and that the e-mail with the link comes anyway', () => {
    expect(notifyFailureText('no-answer', 'ann@example.com')).toBe(
      "Notifications could not be turned on: this browser's push service did not answer. No need to wait here: we will email the download link to ann@example.com as soon as your video is ready.",
    );
  });

  it('offers the e-mail for a refused permission too, with or without the address', () => {
    expect(notifyFailureText('denied', null)).toBe(
      'Notifications could not be turned on in this browser. No need to wait here: we will email the download link as soon as your video is ready.',
    );
  });
});
