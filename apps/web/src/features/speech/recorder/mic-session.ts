import { rmsLevel } from './silence';

/** An audio input the author can choose. */
export type AudioInput = { deviceId: string; label: string };

/** Why a device failed, in words: the browser's message, or its error name. */
export function deviceErrorDetail(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * The audio inputs of this browser. Labels are hidden until the page may use a microphone, so
 * access is asked for once first (and released at once). Throws when access or listing fails.
 */
export async function listAudioInputs(): Promise<AudioInput[]> {
  const probe = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of probe.getTracks()) track.stop();
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'audioinput')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Microphone ${index + 1}` }));
}

/** The container the browser records in, best first (Chromium: WebM/Opus; Firefox: Ogg/Opus; Safari: MP4). */
function recordingMimeType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * One open microphone for a recording session: a level meter on it (an AnalyserNode) and one
 * MediaRecorder per take. The imperative shell around the recorder's pure logic.
 */
export class MicSession {
  private take: { recorder: MediaRecorder; chunks: Blob[] } | null = null;
  private readonly samples: Float32Array<ArrayBuffer>;

  private constructor(
    private readonly stream: MediaStream,
    private readonly context: AudioContext,
    private readonly analyser: AnalyserNode,
    private readonly onError: (detail: string) => void,
  ) {
    this.samples = new Float32Array(analyser.fftSize);
  }

  /** Opens the chosen input; `onError` hears of a device that fails later (unplugged, stopped). */
  static async open(deviceId: string | null, onError: (detail: string) => void): Promise<MicSession> {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: deviceId ? { deviceId: { exact: deviceId } } : true,
    });
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 8192; // about 0.17 s at 48 kHz: most of each 250 ms readout
    context.createMediaStreamSource(stream).connect(analyser);
    for (const track of stream.getAudioTracks()) {
      track.addEventListener('ended', () => onError('the input device stopped'));
    }
    return new MicSession(stream, context, analyser, onError);
  }

  /** The input's loudness right now (RMS of the latest samples). */
  level(): number {
    this.analyser.getFloatTimeDomainData(this.samples);
    return rmsLevel(this.samples);
  }

  get recording(): boolean {
    return this.take !== null;
  }

  /** Starts recording a take. */
  startTake(): void {
    if (this.take) return;
    if (this.context.state === 'suspended') void this.context.resume();
    const mimeType = recordingMimeType();
    const recorder = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
    const take = { recorder, chunks: [] as Blob[] };
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) take.chunks.push(event.data);
    });
    recorder.addEventListener('error', (event) => {
      const error = (event as Event & { error?: DOMException }).error;
      this.onError(error ? deviceErrorDetail(error) : 'the recorder failed');
    });
    recorder.start(1000);
    this.take = take;
  }

  /** Stops the take and hands over its audio. */
  stopTake(): Promise<Blob> {
    const take = this.take;
    this.take = null;
    if (!take) return Promise.resolve(new Blob());
    return new Promise((resolve) => {
      take.recorder.addEventListener(
        'stop',
        () => resolve(new Blob(take.chunks, { type: take.recorder.mimeType || 'audio/webm' })),
        { once: true },
      );
      take.recorder.stop();
    });
  }

  /** Drops a take without keeping its audio. */
  discardTake(): void {
    const take = this.take;
    this.take = null;
    if (take && take.recorder.state !== 'inactive') take.recorder.stop();
  }

  /** Releases the microphone. */
  close(): void {
    this.discardTake();
    for (const track of this.stream.getTracks()) track.stop();
    void this.context.close().catch(() => {});
  }
}
