/**
 * Runs the eSpeak NG command line (WASM) in worker threads, so a synthesis never blocks the
 * server's event loop. Each job gets a fresh Emscripten instance inside its worker (a WASM
 * `main` runs once per instance), which also makes concurrent calls safe: workers take one job
 * at a time, and further jobs wait in a queue.
 */
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./espeak-worker.mjs', import.meta.url);

/** One run of the `espeak-ng` command: its arguments, text for `/input.txt`, and a file to read back. */
export type EspeakJob = { args: string[]; input?: string; output?: string };

export type EspeakResult = { stdout: string[]; stderr: string[]; file?: Buffer };

type Reply = { id: number; error?: string; stdout: string[]; stderr: string[]; file?: Uint8Array };

type Pending = {
  id: number;
  job: EspeakJob;
  resolve(result: EspeakResult): void;
  reject(error: Error): void;
};

type Slot = { worker: Worker; current: Pending | null; timer: NodeJS.Timeout | null };

/** eSpeak failed to run a job (unknown voice, crash, time-out). */
export class EspeakError extends Error {
  override name = 'EspeakError';
}

export type EspeakEngineOptions = {
  /** Worker threads (each runs one job at a time). Default 1. */
  threads?: number;
  /** A job running longer than this is killed with its worker. Default 60 s. */
  timeoutMs?: number;
};

export class EspeakEngine {
  private readonly threads: number;
  private readonly timeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: EspeakEngineOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? 1));
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Runs one job; rejects with EspeakError when eSpeak fails or the output file is missing. */
  run(job: EspeakJob): Promise<EspeakResult> {
    if (this.closed) return Promise.reject(new EspeakError('The speech engine has been shut down.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  /** Stops the workers; queued jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      pending.reject(new EspeakError('The speech engine has been shut down.'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, 'The speech engine has been shut down.')));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.threads) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift() as Pending;
      this.start(slot, pending);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, current: null, timer: null };
    worker.on('message', (reply: Reply | { ready: true }) => {
      if ('ready' in reply) return;
      this.finish(slot, reply);
    });
    worker.on('error', (error) => {
      void this.retire(slot, `The speech engine crashed: ${error.message}`);
    });
    worker.on('exit', () => {
      void this.retire(slot, 'The speech engine stopped unexpectedly.');
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    // Keeps the process alive while a job runs (an idle worker does not).
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      void this.retire(slot, `Speech synthesis took longer than ${Math.round(this.timeoutMs / 1000)} s.`);
    }, this.timeoutMs);
    slot.worker.postMessage({ id: pending.id, ...pending.job });
  }

  private finish(slot: Slot, reply: Reply): void {
    const pending = slot.current;
    if (!pending || pending.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    slot.timer = null;
    slot.worker.unref();
    if (reply.error) pending.reject(new EspeakError(reply.error));
    else
      pending.resolve({
        stdout: reply.stdout,
        stderr: reply.stderr,
        file: reply.file ? Buffer.from(reply.file.buffer, reply.file.byteOffset, reply.file.byteLength) : undefined,
      });
    this.pump();
  }

  /** Removes a worker (ending it), failing the job it was running; the queue moves to a new one. */
  private async retire(slot: Slot, reason: string): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.current?.reject(new EspeakError(reason));
    slot.current = null;
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}
