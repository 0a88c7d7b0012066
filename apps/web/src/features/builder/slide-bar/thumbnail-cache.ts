/**
 * Slide thumbnails, drawn once per version of a slide. The project is immutable (immer): an edit
 * gives a new object to the frames it changed and keeps the others, so the frame object itself is
 * the key — a drag on the stage redraws only the open slide's thumbnail. `context` stands for
 * what else the picture depends on (movie size, watermark, movie background, pixel size): a
 * frame drawn for another context is drawn again. Entries go with their frame (WeakMap).
 *
 * Renders run at most `concurrency` at a time, in the order asked, so opening a project with many
 * slides does not load and draw them all at once.
 */
export type ThumbnailCache<T> = {
  /** The thumbnail of `frame` for `context`: cached, being drawn, or drawn now by `render`. */
  get(frame: object, context: string, render: () => Promise<T>): Promise<T>;
  /** The finished thumbnail of `frame` for `context`, if there is one (to paint without a flash). */
  peek(frame: object, context: string): T | undefined;
};

type Entry<T> = { context: string; pending: Promise<T>; value?: T };

export function createThumbnailCache<T>({ concurrency = 2 }: { concurrency?: number } = {}): ThumbnailCache<T> {
  const entries = new WeakMap<object, Entry<T>>();
  const limit = createLimit(concurrency);

  return {
    get(frame, context, render) {
      const cached = entries.get(frame);
      if (cached?.context === context) return cached.pending;
      const entry: Entry<T> = { context, pending: limit(render) };
      entries.set(frame, entry);
      entry.pending.then(
        (value) => {
          entry.value = value;
        },
        // A failed render is forgotten, so asking again tries again.
        () => {
          if (entries.get(frame) === entry) entries.delete(frame);
        },
      );
      return entry.pending;
    },
    peek(frame, context) {
      const cached = entries.get(frame);
      return cached?.context === context ? cached.value : undefined;
    },
  };
}

/** Runs tasks with at most `concurrency` of them unsettled at once, first asked first run. */
export function createLimit(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  const queue: (() => void)[] = [];
  let running = 0;
  const next = () => {
    if (running >= Math.max(1, concurrency)) return;
    const start = queue.shift();
    if (!start) return;
    running++;
    start();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push(() => {
        // A task that throws before its promise settles is a rejection too.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
}
