import helmet from '@fastify/helmet';
import { VIDEO_SITE_EMBED_ORIGINS } from '@reelwright/core';
import fp from 'fastify-plugin';

/** The security headers of every answer (DESIGN §9): the content security policy and its kin. */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // data: and blob: let the player decode generated and recorded audio; media from other
          // sites is fetched through our own server (stored or proxied), never by the browser.
          connectSrc: ["'self'", 'data:', 'blob:', 'https://accounts.google.com'],
          // The builder shows a video-site clip in its site's embedded player (D55).
          frameSrc: ["'self'", 'https://accounts.google.com', ...VIDEO_SITE_EMBED_ORIGINS],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Other sites learn nothing of where a member was; our own routes can tell a request of the
      // app from another site's even in browsers without Sec-Fetch-Site (see plugins/same-origin).
      referrerPolicy: { policy: 'same-origin' },
    });
  },
  { name: 'security-headers' },
);
