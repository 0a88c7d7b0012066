import type { ProjectDocument } from '../../../builder/commands/project-document';

type GestureDocument = Pick<ProjectDocument, 'beginGesture' | 'commitGesture' | 'cancelGesture'>;

/**
 * A slider's live changes as one gesture (STYLE §7): the first change opens it, release commits
 * it as one undo step, Escape takes it back; after Escape the drag changes nothing until release.
 * Paths: `idle`, `live`, `canceled`.
 */
export class SliderGesture {
  private state: 'idle' | 'live' | 'canceled' = 'idle';

  constructor(
    private readonly document: GestureDocument,
    private readonly name: string,
  ) {}

  get path(): 'idle' | 'live' | 'canceled' {
    return this.state;
  }

  /** A move of the slider: `apply` runs the command inside the gesture. */
  change(apply: () => void): void {
    if (this.state === 'canceled') return;
    if (this.state === 'idle') {
      this.document.beginGesture(this.name);
      this.state = 'live';
    }
    apply();
  }

  /** Release (or a key step): the gesture becomes one undo step. */
  end(): void {
    if (this.state === 'live') this.document.commitGesture();
    this.state = 'idle';
  }

  /** Escape: the gesture is taken back. False when there was none to take back. */
  cancel(): boolean {
    if (this.state !== 'live') return false;
    this.document.cancelGesture();
    this.state = 'canceled';
    return true;
  }
}
