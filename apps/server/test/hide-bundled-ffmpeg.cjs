/**
 * Preloaded (`node --require`) by tests that need a machine where npm installed no ffmpeg: the
 * packages that bring one (`@ffmpeg-installer/*`, `@ffprobe-installer/*`) cannot be found, as
 * when optional dependencies were left out or the platform has no build.
 */
const Module = require('node:module');

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveWithoutBundledFfmpeg(request, ...rest) {
  if (/^@(ffmpeg|ffprobe)-installer\//.test(request)) {
    const error = new Error(`Cannot find module '${request}' (hidden by the test)`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
