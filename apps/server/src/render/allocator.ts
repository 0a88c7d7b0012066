/**
 * Settings of the memory allocator inside @napi-rs/canvas (mimalloc), which reads them from the
 * environment once, when the addon loads: import this module before anything that loads the canvas.
 *
 * Reading a 1080p frame back (`canvas.data()`) allocates 8 MB that the garbage collector frees a
 * moment later. mimalloc by default returns freed pages to the system after 10 ms, so the next
 * frame's read, 15 ms later, faults fresh pages in again: about 1 ms a frame. Keeping freed pages
 * for a second lets every frame reuse them, and still gives the memory back after a render
 * (docs/benchmarks.md, "Round 4"). A value set by the operator wins.
 */
process.env.MIMALLOC_PURGE_DELAY ??= '1000';
