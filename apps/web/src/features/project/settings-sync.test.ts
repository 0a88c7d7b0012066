import type { Settings } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock';
import { SettingsSync } from './settings-sync';

function setup() {
  const clock = new FakeClock();
  const sent: Settings[] = [];
  const sync = new SettingsSync(async (s) => void sent.push(s), clock);
  return { clock, sent, sync };
}

describe('SettingsSync', () => {
  it('sends 2500 ms after the last change', async () => {
    const { clock, sent, sync } = setup();
    sync.synced({});
    sync.changed({ autoSave: false });
    await clock.advance(2000);
    sync.changed({ autoSave: true, theme: 'x' });
    await clock.advance(2499);
    expect(sent).toEqual([]);
    await clock.advance(1);
    expect(sent).toEqual([{ autoSave: true, theme: 'x' }]);
  });

  it('sends nothing when the settings equal the last synced copy (key order aside)', async () => {
    const { clock, sent, sync } = setup();
    sync.synced({ a: 1, b: 2 });
    sync.changed({ b: 2, a: 1 });
    await clock.advance(3000);
    expect(sent).toEqual([]);
  });

  it('remembers what it sent, so changing back and forth sends only real differences', async () => {
    const { clock, sent, sync } = setup();
    sync.synced({ a: 1 });
    sync.changed({ a: 2 });
    await clock.advance(2500);
    sync.changed({ a: 2 });
    await clock.advance(2500);
    expect(sent).toEqual([{ a: 2 }]);
  });

  it('keeps unsynced settings after a failed send and sends them with the next change', async () => {
    const clock = new FakeClock();
    let fail = true;
    const sent: Settings[] = [];
    const errors: unknown[] = [];
    const send = async (s: Settings) => {
      if (fail) throw new Error('offline');
      sent.push(s);
    };
    const sync = new SettingsSync(send, clock, 2500, (e) => errors.push(e));
    sync.synced({});
    sync.changed({ a: 1 });
    await clock.advance(2500);
    expect(errors).toHaveLength(1);
    fail = false;
    sync.changed({ a: 1 });
    await clock.advance(2500);
    expect(sent).toEqual([{ a: 1 }]);
  });
});
