/**
 * A stream's audio level, read from a Web Audio AnalyserNode: the RMS of the last window of samples
 * (0..1). One AudioContext for all the streams of a call (browsers limit how many a page may open).
 *
 * A remote WebRTC stream only feeds Web Audio in Chrome while it also plays in a media element; the
 * room plays every remote stream in an <audio> element, so that holds.
 */
export interface LevelSource {
  /** The level now (0..1). */
  read(): number;
  dispose(): void;
}

/** A meter on one audio track (a microphone's, or a peer's as received). */
export type LevelMeter = (track: MediaStreamTrack) => LevelSource | null;

/** A meter on the page's Web Audio, or null when the browser has none (the rings then stay off). */
export function webAudioMeter(win: Window & typeof globalThis = window): { meter: LevelMeter; close(): void } | null {
  const Context = win.AudioContext ?? (win as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  let context: AudioContext | null = null;
  const meter: LevelMeter = (track) => {
    if (track.kind !== "audio") return null;
    const stream = new win.MediaStream([track]);
    context ??= new Context();
    // Created on Join voice (a click), so a context the autoplay policy held suspended may start now.
    if (context.state === "suspended") void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    return {
      read() {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        return Math.sqrt(sum / samples.length);
      },
      dispose() {
        source.disconnect();
        analyser.disconnect();
      },
    };
  };
  return {
    meter,
    close() {
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}
