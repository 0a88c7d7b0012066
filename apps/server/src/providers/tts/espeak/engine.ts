/**
 * Runs the eSpeak NG command line (WASM, GPL-3.0) in child processes: DESIGN §3 keeps GPL programs
 * out of the server's module graph, so `espeak-process.mjs` is started by path with `node` and
 * spoken to over its stdin and stdout, one JSON object a line (the protocol is described there).
 * Synthesis never blocks the server's event loop. Each process takes one job at a time; further
 * jobs wait in a queue. A process that crashes, hangs past the time-out or answers nonsense is
 * killed and its job fails; the next job starts a new one.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The script each engine process runs, next to this file (also when run from source by tsx). */
export const ESPEAK_PROCESS_SCRIPT = fileURLToPath(new URL('./espeak-process.mjs', import.meta.url));

/** How long a process may take to finish its job and exit when the engine closes. */
const CLOSE_GRACE_MS = 1_000;
/** How much of a process's own stderr is kept, to say why it died. */
const STDERR_TAIL_CHARS = 2_000;

/** One run of the `espeak-ng` command: its arguments, text for `/input.txt`, and a file to read back. */
export type EspeakJob = { args: string[]; input?: string; output?: string };

export type EspeakResult = { stdout: string[]; stderr: string[]; file?: Buffer };

/** A reply line from `espeak-process.mjs`; `file` is base64. */
type Reply = { id: number; error?: string; stdout: string[]; stderr: string[]; file?: string };

type Pending = {
  id: number;
  job: EspeakJob;
  resolve(result: EspeakResult): void;
  reject(error: Error): void;
};

type Slot = {
  child: ChildProcessWithoutNullStreams;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  /** The end of what the process wrote to stderr (eSpeak's prints travel in the replies). */
  stderrTail: string;
  /** Settles once the process has exited and its pipes are closed (or it never started). */
  gone: Promise<void>;
};

/** eSpeak failed to run a job (unknown voice, crash, time-out). */
export class EspeakError extends Error {
  override name = 'EspeakError';
}

export type EspeakEngineOptions = {
  /** Child processes (each runs one job at a time). Default 1. */
  processes?: number;
  /** A job running longer than this is killed with its process. Default 60 s. */
  timeoutMs?: number;
};

const SHUT_DOWN = 'The speech engine has been shut down.';

export class EspeakEngine {
  private readonly processes: number;
  private readonly timeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: EspeakEngineOptions = {}) {
    this.processes = Math.max(1, Math.floor(options.processes ?? 1));
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Runs one job; rejects with EspeakError when eSpeak fails or the output file is missing. */
  run(job: EspeakJob): Promise<EspeakResult> {
    if (this.closed) return Promise.reject(new EspeakError(SHUT_DOWN));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  /** The ids of the engine's live processes. */
  get pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }

  /**
   * Stops every process and waits until each has exited; queued and running jobs are rejected.
   * A process is asked to stop by closing its stdin, and killed if it has not after a moment.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new EspeakError(SHUT_DOWN));
    await Promise.all(this.slots.slice().map((slot) => this.retire(slot, SHUT_DOWN, { gently: true })));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.processes) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift() as Pending;
      this.start(slot, pending);
    }
  }

  private spawn(): Slot {
    // Neither the server's execArgv (the script is plain JavaScript and needs no loader) nor its
    // environment: eSpeak needs no setting, and the server's secrets stay out of it.
    const child = spawn(process.execPath, [ESPEAK_PROCESS_SCRIPT], { stdio: 'pipe', env: {}, windowsHide: true });
    const gone = new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      // A process that failed to start emits no 'close'.
      child.once('error', () => {
        if (child.pid === undefined) resolve();
      });
    });
    const slot: Slot = { child, current: null, timer: null, stderrTail: '', gone };
    this.hold(slot, false);

    // Writing to a process that just died fails here; its 'close' says why.
    child.stdin.on('error', () => {});
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      slot.stderrTail = (slot.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      let reply: Reply;
      try {
        reply = JSON.parse(line);
      } catch {
        void this.retire(slot, 'The speech engine answered something unreadable.');
        return;
      }
      this.finish(slot, reply);
    });
    child.on('error', (error) => {
      void this.retire(slot, `The speech engine could not run: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      const said = slot.stderrTail.trim();
      void this.retire(slot, `The speech engine stopped unexpectedly (${how})${said ? `: ${said}` : '.'}`);
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    this.hold(slot, true);
    slot.timer = setTimeout(() => {
      void this.retire(slot, `Speech synthesis took longer than ${Math.round(this.timeoutMs / 1000)} s.`);
    }, this.timeoutMs);
    slot.child.stdin.write(`${JSON.stringify({ id: pending.id, ...pending.job })}\n`);
  }

  private finish(slot: Slot, reply: Reply): void {
    const pending = slot.current;
    if (!pending || pending.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    slot.timer = null;
    this.hold(slot, false);
    if (reply.error) pending.reject(new EspeakError(reply.error));
    else
      pending.resolve({
        stdout: reply.stdout,
        stderr: reply.stderr,
        file: reply.file === undefined ? undefined : Buffer.from(reply.file, 'base64'),
      });
    this.pump();
  }

  /**
   * A running job keeps the server process alive; an idle engine process does not (as an idle
   * timer would not), so a program that forgets to close the engine still exits.
   */
  private hold(slot: Slot, busy: boolean): void {
    const { child } = slot;
    // Piped stdio streams are sockets, each a handle of its own.
    const pipes = [child.stdin, child.stdout, child.stderr] as unknown as Socket[];
    for (const handle of [child, ...pipes]) {
      if (busy) handle.ref();
      else handle.unref();
    }
  }

  /**
   * Takes a process out of the pool, failing the job it was running, and ends it: killed at once,
   * or `gently` by closing its stdin (killed after CLOSE_GRACE_MS if it does not exit). Waits
   * until it is gone; the queue moves on to a new process.
   */
  private async retire(slot: Slot, reason: string, { gently = false } = {}): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.current?.reject(new EspeakError(reason));
    slot.current = null;
    if (gently) {
      slot.child.stdin.end();
      const kill = setTimeout(() => slot.child.kill('SIGKILL'), CLOSE_GRACE_MS);
      await slot.gone;
      clearTimeout(kill);
    } else {
      slot.child.kill('SIGKILL');
      await slot.gone;
    }
    if (!this.closed) this.pump();
  }
}
