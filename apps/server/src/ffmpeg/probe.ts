import { runTool } from './ffmpeg';

/** One stream of a media file, as ffprobe reports it. */
export type ProbedStream = {
  type: 'video' | 'audio' | 'other';
  codec: string;
  width?: number;
  height?: number;
  /** Decoded frame count (only when probed with `countFrames`). */
  frames?: number;
  sampleRate?: number;
  channels?: number;
  duration?: number;
};

/** What ffprobe says about a media file. */
export type ProbeResult = {
  /** Container duration in seconds. */
  duration: number;
  /** File size in bytes. */
  size: number;
  streams: ProbedStream[];
};

type RawStream = Record<string, string | number | undefined>;

const num = (value: string | number | undefined): number | undefined => {
  const n = Number(value);
  return value === undefined || !Number.isFinite(n) ? undefined : n;
};

/**
 * Probes a media file with ffprobe (JSON output). `countFrames` decodes the video streams to count
 * their frames exactly (`-count_frames`), which takes as long as decoding.
 */
export async function probeMedia(file: string, options: { countFrames?: boolean } = {}): Promise<ProbeResult> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];
  if (options.countFrames) args.push('-count_frames');
  const json = JSON.parse((await runTool('ffprobe', [...args, file])).toString()) as {
    format?: RawStream;
    streams?: RawStream[];
  };
  return {
    duration: num(json.format?.duration) ?? 0,
    size: num(json.format?.size) ?? 0,
    streams: (json.streams ?? []).map((s) => ({
      type: s.codec_type === 'video' || s.codec_type === 'audio' ? s.codec_type : 'other',
      codec: String(s.codec_name ?? ''),
      width: num(s.width),
      height: num(s.height),
      frames: num(s.nb_read_frames),
      sampleRate: num(s.sample_rate),
      channels: num(s.channels),
      duration: num(s.duration),
    })),
  };
}
