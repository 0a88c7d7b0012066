/**
 * What a member is told when a render fails (issue 31 finding 8): one sentence saying what failed
 * and what to do, naming media by the address the member gave. Server paths, tool output and
 * stack traces stay in the server's log, never in the stored `error` that the publish dialog, the
 * public API, webhooks and mail show.
 */
import { MediaRefusedError, refusalSentence, shownUrl } from '../media/service';
import { MissingAssetsError, type MissingMedia } from '../render/pipeline';
import { InvalidProjectDocumentError } from '../render/render-cli';
import { UnsupportedSourceError } from '../render/sources';

const AGAIN = 'then publish again';

const named = (missing: MissingMedia) =>
  missing.kind === 'font' ? `the font ${shownUrl(missing.ref)}` : `the ${missing.kind} ${shownUrl(missing.ref)}`;

/** Lists at most three, and how many more. */
function list(parts: string[]): string {
  const shown = parts.slice(0, 3).join(', ');
  return parts.length > 3 ? `${shown} and ${parts.length - 3} more` : shown;
}

/** The member-facing sentence for a render's failure; anything unforeseen gets a general one. */
export function memberFacingFailure(error: unknown): string {
  if (error instanceof MediaRefusedError) {
    return `The video was not made: ${error.refused.map(refusalSentence).join(' ')} Replace or remove it in the editor, ${AGAIN}.`;
  }
  if (error instanceof MissingAssetsError) {
    const what = list(error.missing.map(named));
    return `The video was not made: ${what} could not be loaded. Check that the address still works, or replace it in the editor, ${AGAIN}.`;
  }
  if (error instanceof UnsupportedSourceError) {
    return `The video was not made: ${list(error.urls.map(shownUrl))} cannot be used as media. Replace it in the editor, ${AGAIN}.`;
  }
  if (error instanceof InvalidProjectDocumentError) {
    return `The video was not made: the project could not be read. Open it in the editor, save it, ${AGAIN}.`;
  }
  return 'The video could not be made because of a problem on our side. Publish again in a few minutes; if it fails again, contact support.';
}
