/**
 * The acceptance scenarios of the sync engine, as functions returning measured figures. The tests
 * assert on them; with SYNC_SIM_REPORT=1 the test prints them as a table.
 */
import { SimParty, type SimPartyOptions } from "./party";
import type { SimPlayerProfile } from "./player";

const SAMPLE_MS = 20;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Runs the party in SAMPLE_MS steps, remembering the host's screen to compare guests against. */
export class Recorder {
  private readonly hostHistory = new Map<number, number>();

  constructor(readonly party: SimParty) {}

  /** Host position `latencyMs` ago (what a streamer's viewers see now). */
  hostThen(latencyMs: number): number {
    return this.hostHistory.get(this.party.now - latencyMs) ?? this.party.host.player.truePosition();
  }

  /** Advance to `end`, calling `sample` with every guest's error (ms) at each step. */
  run(end: number, sample?: (errors: number[], t: number) => void): void {
    const party = this.party;
    const latency = party.server.party.streamerLatencyMs;
    while (party.now < end) {
      // Step to the next multiple of SAMPLE_MS so the host's history lines up with later look-ups.
      const t = (Math.floor(party.now / SAMPLE_MS) + 1) * SAMPLE_MS;
      party.runUntil(t);
      this.hostHistory.set(t, party.host.player.truePosition());
      this.hostHistory.delete(t - 120_000);
      sample?.(party.errorsMs(this.hostThen(latency)), party.now);
    }
  }

  /**
   * For each threshold, for each guest: ms from `from` until its error stays ≤ the threshold for
   * `holdMs`. Runs the party to `from + limitMs + holdMs`; a guest that never settles gets Infinity.
   */
  timeToSync(from: number, thresholdsMs: number[], holdMs = 2000, limitMs = 5000): number[][] {
    const guests = this.party.guests.length;
    const results = thresholdsMs.map(() => {
      const okSince: (number | null)[] = Array.from({ length: guests }, () => null);
      const settled: number[] = Array.from({ length: guests }, () => Number.POSITIVE_INFINITY);
      return { okSince, settled };
    });
    this.run(from + limitMs + holdMs, (errors, t) => {
      thresholdsMs.forEach((within, k) => {
        const { okSince, settled } = results[k]!;
        errors.forEach((error, i) => {
          if (settled[i] !== Number.POSITIVE_INFINITY || t < from) return;
          if (error > within) okSince[i] = null;
          else if (okSince[i] === null) okSince[i] = t - SAMPLE_MS / 2;
          const since = okSince[i];
          if (since !== null && since !== undefined && t - since >= holdMs) settled[i] = Math.max(0, since - from);
        });
      });
    });
    return results.map((r) => r.settled);
  }
}

/** A party whose host plays from t = 3 s, run until `warmupMs`. */
export function playingParty(
  options: Partial<SimPartyOptions> & { guests?: number; warmupMs?: number; guestPlayer?: Partial<SimPlayerProfile> } = {},
) {
  const { guests = 5, warmupMs = 10_000, guestPlayer = {}, ...partyOptions } = options;
  const party = new SimParty(partyOptions);
  for (let i = 0; i < guests; i++) party.addGuest(guestPlayer);
  const recorder = new Recorder(party);
  recorder.run(3000);
  party.host.player.play();
  recorder.run(warmupMs);
  return { party, recorder };
}

export interface SteadyFigures {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** setRate calls per guest per 5 s, averaged over the window (worst guest). */
  setRatePer5s: number;
  /** Most setRate calls any guest made within one 5 s slice of the window. */
  maxSetRateIn5s: number;
  seeks: number;
}

/** Steady state: 60 s of playback after warm-up, errors sampled every 20 ms. */
export function steadyState(seed: number, options: Partial<SimPartyOptions> = {}, windowMs = 60_000): SteadyFigures {
  const { party, recorder } = playingParty({ ...options, seed });
  const from = party.now;
  const errors: number[] = [];
  recorder.run(from + windowMs, (e) => errors.push(...e));
  let worstAverage = 0;
  let worstSlice = 0;
  let seeks = 0;
  for (const guest of party.guests) {
    worstAverage = Math.max(worstAverage, guest.countActions("setRate", from, from + windowMs) / (windowMs / 5000));
    for (let t = from; t < from + windowMs; t += 5000) {
      worstSlice = Math.max(worstSlice, guest.countActions("setRate", t, t + 5000));
    }
    seeks += guest.countActions("seek", from, from + windowMs);
  }
  return {
    p50Ms: percentile(errors, 50),
    p95Ms: percentile(errors, 95),
    maxMs: Math.max(...errors),
    setRatePer5s: worstAverage,
    maxSetRateIn5s: worstSlice,
    seeks,
  };
}

export interface SeekFigures {
  /** Worst guest: ms from the host's player landing on the new position until within 100 ms (for 2 s). */
  fromHostLandedMs: number;
  /** Worst guest: ms from the server applying the seek until within 100 ms. */
  fromServerMs: number;
  /** Worst guest: ms from the host's landing until within 40 ms. */
  to40MsFromHostLandedMs: number;
}

/** The host jumps `jumpS` seconds during steady playback. */
export function hostSeek(seed: number, jumpS = 60, options: Partial<SimPartyOptions> = {}): SeekFigures {
  const { party, recorder } = playingParty({ ...options, seed });
  const host = party.host.player;
  const seqBefore = party.server.room.playback.seq;
  host.seek(host.truePosition() + jumpS);
  while (host.seeking) party.runFor(1);
  const landed = party.now;
  const [sync100, sync40] = recorder.timeToSync(landed, [100, 40]);
  // The host announces a seek under way (a stall on its target) before it lands: measure from the
  // report of the landing, the first state applied once the host's screen shows the new position.
  const serverSeq = [...party.server.appliedAt.entries()].find(([seq, at]) => seq > seqBefore && at >= landed);
  const appliedAt = serverSeq ? serverSeq[1] : landed;
  const worst = Math.max(...sync100!);
  return {
    fromHostLandedMs: worst,
    fromServerMs: worst - (appliedAt - landed),
    to40MsFromHostLandedMs: Math.max(...sync40!),
  };
}

export interface JoinFigures {
  /** ms from the late joiner's first snapshot until within 40 ms (and staying there 2 s). */
  to40MsMs: number;
  to100MsMs: number;
}

/** A guest joins a party that has been playing for 20 s. */
export function lateJoin(seed: number, options: Partial<SimPartyOptions> = {}): JoinFigures {
  const { party, recorder } = playingParty({ ...options, seed, guests: 2, warmupMs: 20_000 });
  const joiner = party.addGuest();
  while (joiner.firstSnapshotAt === null) recorder.run(party.now + 1);
  const at = joiner.firstSnapshotAt;
  const index = party.guests.indexOf(joiner);
  const [to100, to40] = recorder.timeToSync(at, [100, 40]);
  return { to40MsMs: to40![index]!, to100MsMs: to100![index]! };
}

export interface StreamerFigures {
  /** |guest − (host − latency)| over steady windows (ms). */
  p95Ms: number;
  maxMs: number;
}

/**
 * Streamer mode with `latencyMs`: guests must show what the host showed `latencyMs` ago. The window
 * includes a host seek; samples within 2 s after the delayed seek reaches guests are excluded (that is
 * a seek, measured by `hostSeek`).
 */
export function streamerMode(seed: number, latencyMs = 3000, options: Partial<SimPartyOptions> = {}): StreamerFigures {
  const { party, recorder } = playingParty({ ...options, seed, streamerLatencyMs: latencyMs });
  const errors: number[] = [];
  const collect = (e: number[]) => errors.push(...e);
  recorder.run(party.now + 20_000, collect);
  const host = party.host.player;
  host.seek(host.truePosition() + 30);
  while (host.seeking) party.runFor(1);
  const guestsSee = party.now + latencyMs;
  recorder.run(guestsSee + 2000);
  recorder.run(party.now + 20_000, collect);
  return { p95Ms: percentile(errors, 95), maxMs: Math.max(...errors) };
}
