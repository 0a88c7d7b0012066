// A worker thread that runs the eSpeak NG command line (compiled to WASM by Emscripten) once per
// job. Emscripten's `main` runs once per instance, so each job gets a fresh instance of the module
// compiled here once; its in-memory file system carries the input text in and the WAV out.
// Plain JavaScript on purpose: a worker's entry file is not run through tsx.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

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
  let file;
  if (instance && job.output) {
    try {
      file = instance.FS.readFile(job.output);
    } catch {
      // no output: eSpeak said why on stderr
    }
  }
  if (!file && (exitError || (job.output && !file))) {
    const reason = stderr.join('\n') || String(exitError?.message ?? exitError ?? 'no output');
    return { id: job.id, error: reason, stdout, stderr };
  }
  return { id: job.id, stdout, stderr, file };
}

parentPort?.on('message', (job) => {
  run(job).then(
    (result) => parentPort?.postMessage(result),
    (error) => parentPort?.postMessage({ id: job.id, error: String(error?.stack ?? error), stdout: [], stderr: [] }),
  );
});
parentPort?.postMessage({ ready: true });
