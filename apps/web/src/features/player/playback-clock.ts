import type { AudioClip } from '@reelwright/core';
import { clipsFrom, loopedOffset } from './audio-scheduler';

/**
 * The player's clock (DESIGN §6, "audio is the clock"): the playhead is the AudioContext's time
 * since playback started plus the position it started from, and every clip of the audio plan is
 * scheduled on that same context, so picture and sound cannot drift. Until the context runs
 * (autoplay rules may hold it suspended until a gesture) or without Web Audio, it counts
 * `performance.now`, and switches to the context as soon as it runs.
 */
export class PlaybackClock {
  private offset = 0;
  private startedAt = 0;
  private onAudioTime = false;
  private playing = false;
  private sources: AudioBufferSourceNode[] = [];

  constructor(
    private readonly context: AudioContext | null,
    private readonly clips: readonly AudioClip[],
    private readonly buffers: ReadonlyMap<string, AudioBuffer>,
  ) {
    context?.addEventListener('statechange', this.onStateChange);
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  /** The playhead in movie seconds. */
  time(): number {
    return this.playing ? this.offset + (this.now() - this.startedAt) : this.offset;
  }

  play(): void {
    if (this.playing) return;
    if (this.context && this.context.state !== 'running') void this.context.resume().catch(() => undefined);
    this.start();
  }

  pause(): void {
    if (!this.playing) return;
    this.offset = this.time();
    this.playing = false;
    this.stopSources();
  }

  /** Moves the playhead; while playing, the sound is rescheduled from there. */
  seek(time: number): void {
    this.offset = Math.max(0, time);
    if (!this.playing) return;
    this.stopSources();
    this.start();
  }

  dispose(): void {
    this.pause();
    this.context?.removeEventListener('statechange', this.onStateChange);
  }

  private now(): number {
    return this.onAudioTime && this.context ? this.context.currentTime : performance.now() / 1000;
  }

  private start(): void {
    this.onAudioTime = this.context?.state === 'running';
    this.startedAt = this.now();
    this.playing = true;
    if (this.onAudioTime) this.schedule();
  }

  private readonly onStateChange = () => {
    if (!this.playing || this.onAudioTime || this.context?.state !== 'running') return;
    this.offset = this.time();
    this.start();
  };

  /** Starts a source per clip still to be heard, each through a gain node at the clip's gain. */
  private schedule(): void {
    const context = this.context;
    if (!context) return;
    for (const { clip, delay, offset, duration } of clipsFrom(this.clips, this.offset)) {
      const buffer = this.buffers.get(clip.url);
      const from = buffer ? loopedOffset(offset, buffer.duration, clip.loop) : null;
      if (!buffer || from === null) continue;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.loop = clip.loop;
      source.playbackRate.value = clip.rate;
      const gain = context.createGain();
      gain.gain.value = clip.gain;
      source.connect(gain).connect(context.destination);
      const when = this.startedAt + delay;
      source.start(when, from);
      source.stop(when + duration);
      this.sources.push(source);
    }
  }

  private stopSources(): void {
    for (const source of this.sources) {
      try {
        source.stop();
      } catch {
        // Already stopped.
      }
      source.disconnect();
    }
    this.sources = [];
  }
}
