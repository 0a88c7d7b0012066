// The eSpeak NG command line (GPL-3.0, compiled to WASM by Emscripten) in a process of its own:
// `engine.ts` starts this file by path with `node`; no server module imports it (DESIGN §3: GPL
// programs run only as separate processes). Plain JavaScript, so it runs without tsx.
//
// Protocol, one JSON object a line: stdin carries jobs `{ id, args, input?, output? }`, stdout
// carries replies `{ id, stdout, stderr, file? (base64), error? }` and nothing else. eSpeak's own
// prints are collected into the reply; anything else that prints goes to stderr.
//
// Emscripten's `main` runs once per instance, so each job gets a fresh instance of the module
// compiled here once; its in-memory file system carries the input text in and the WAV out.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import ESpeakNg from 'espeak-ng';

const writeReply = process.stdout.write.bind(process.stdout);
// stdout is the protocol: a stray console.log (ours or the library's) must not corrupt it.
process.stdout.write = process.stderr.write.bind(process.stderr);
// The server is gone (its end of the pipe closed): nothing left to answer.
process.stdout.on('error', () => process.exit(0));
// Ctrl-C in a terminal reaches the whole process group; the server ends this process itself
// (closing stdin) once its own shutdown no longer needs speech.
process.on('SIGINT', () => {});

const wasmFile = fileURLToPath(new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng')));
const compiled = await WebAssembly.compile(await readFile(wasmFile));

/** @param {{ id: number, args: string[], input?: string, output?: string }} job */
async function run(job) {
  const stdout = [];
  const stderr = [];
  /** @type {any} */
  let instance;
  let exitError;
  try {
    instance = await ESpeakNg({
      arguments: job.args,
      print: (line) => stdout.push(line),
      printErr: (line) => {
        if (!line.includes('keepRuntimeAlive')) stderr.push(line);
      },
      // eSpeak reads no text from its stdin (ours carries the protocol): it gets end of input.
      stdin: () => null,
      preRun: [
        (module) => {
          if (job.input !== undefined) module.FS.writeFile('/input.txt', job.input);
        },
      ],
      instantiateWasm(imports, receive) {
        const wasm = new WebAssembly.Instance(compiled, imports);
        receive(wasm, compiled);
        return wasm.exports;
      },
    });
  } catch (error) {
    exitError = error;
  }
  // A failed run sets the exit code (Emscripten's `exit`); this process itself has not failed.
  process.exitCode = 0;
  let file;
  if (instance && job.output) {
    try {
      file = instance.FS.readFile(job.output);
    } catch {
      // no output: eSpeak said why on stderr
    }
  }
  if (!file && (exitError || job.output)) {
    const reason = stderr.join('\n') || String(exitError?.message ?? exitError ?? 'no output');
    return { id: job.id, error: reason, stdout, stderr };
  }
  return {
    id: job.id,
    stdout,
    stderr,
    file: file && Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString('base64'),
  };
}

// One job at a time, in the order they came.
let queue = Promise.resolve();
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
  queue = queue.then(async () => {
    let job;
    try {
      job = JSON.parse(line);
      writeReply(`${JSON.stringify(await run(job))}\n`);
    } catch (error) {
      writeReply(
        `${JSON.stringify({ id: job?.id ?? 0, error: String(error?.stack ?? error), stdout: [], stderr: [] })}\n`,
      );
    }
  });
});
// stdin closed: the server shut the engine down, or died. Either way this process ends.
lines.on('close', () => {
  void queue.then(() => process.exit(0));
});
