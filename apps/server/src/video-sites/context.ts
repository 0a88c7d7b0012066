/** What publishing to YouTube needs at run time, made once from the configuration. */
import type { Config } from '../config';
import type { YoutubeSettings } from './config';
import { oauthStates } from './oauth-state';
import { type TokenCipher, tokenCipher } from './token-crypto';
import { type YoutubeClient, youtubeClient } from './youtube';

export type VideoSites = {
  settings: YoutubeSettings;
  client: YoutubeClient;
  cipher: TokenCipher;
  states: ReturnType<typeof oauthStates>;
  /** Where Google sends the member back (registered with the OAuth client). */
  redirectUri: string;
};

/** YouTube publishing as configured, or undefined when it is off (no YOUTUBE_CLIENT_ID). */
export function videoSitesOf(config: Pick<Config, 'videoSites' | 'publicUrl'>): VideoSites | undefined {
  const settings = config.videoSites.youtube;
  if (!settings) return undefined;
  return {
    settings,
    client: youtubeClient(settings),
    cipher: tokenCipher(settings.tokenKey),
    states: oauthStates(settings.tokenKey),
    redirectUri: `${config.publicUrl}/api/members/video-site/callback`,
  };
}
