import { useEffect } from 'react';
import { call } from '../../lib/api';
import { useSettings } from './settings-store';
import { SettingsSync } from './settings-sync';

/**
 * Settings sync (spec 000 §4): members' settings are fetched, then each change is sent 2500 ms
 * later when it differs from the server's copy. Visitors' settings stay in this page.
 */
export function useSettingsSync(loggedIn: boolean) {
  useEffect(() => {
    if (!loggedIn) return;
    let active = true;
    const sync = new SettingsSync(
      (settings) => call('settingsSave', settings),
      undefined,
      undefined,
      (error) => console.warn('Settings were not saved; they will be sent with the next change.', error),
    );
    call('settingsLoad')
      .then((settings) => {
        if (!active) return;
        sync.synced(settings);
        useSettings.getState().receive(settings);
      })
      // Without the server's copy nothing is sent, so a failed fetch cannot overwrite saved settings.
      .catch((error) => console.warn('Could not load settings.', error));
    const unsubscribe = useSettings.subscribe((state, previous) => {
      if (state.loaded && state.settings !== previous.settings) sync.changed(state.settings);
    });
    return () => {
      active = false;
      unsubscribe();
      void sync.flush().catch(() => {});
      sync.cancel();
    };
  }, [loggedIn]);
}
