import { EMBED_FRAME } from '@reelwright/core';

/** The embed code of a published video: the 1024×624 frame and the credit link (spec 000 §7, §9). */
export function embedCode(origin: string, hash: string): string {
  const src = `${origin}/embed.html?hash=${encodeURIComponent(hash)}`;
  return (
    `<iframe src="${src}" width="${EMBED_FRAME.width}" height="${EMBED_FRAME.height}" ` +
    `style="max-width:100%;border:0" allow="fullscreen; picture-in-picture" allowfullscreen title="Video"></iframe>\n` +
    `<p style="font-size:13px">Video made with <a href="${origin}/">Reelwright</a></p>`
  );
}
