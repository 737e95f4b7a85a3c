/** Types of rolling-restart.mjs for the TypeScript test that runs it (tests/integration/rolling-restart-redis.test.ts). */
export interface RestartableInstance {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function startRestartableInstance(env: Record<string, string>, options?: { readyTimeoutMs?: number }): Promise<RestartableInstance>;

export function startFailoverProxy(ports: number[], options?: { tryMs?: number; retryMs?: number }): Promise<{ url: string; close(): Promise<void> }>;

export interface GuestRecord {
  startId: string | null;
  events: { id: string | null; type: string; cid: number | null }[];
  snapshots: number;
  reconnects: number[];
  open: boolean;
}

export interface RollingRestartResult {
  partyId: string;
  commands: { answered: number; failedAttempts: number; refused: string[] };
  lastCid: number;
  phases: { instance: number; drainMs: number; downMs: number }[];
  guests: GuestRecord[];
}

export function rollingRestart(options: {
  instances: Pick<RestartableInstance, "port" | "stop" | "start">[];
  guests: number;
  commandEveryMs?: number;
  settleMs?: number;
  retryMs?: number;
  run?: number;
  log?: (line: string) => void;
}): Promise<RollingRestartResult>;

export function judge(result: RollingRestartResult): {
  events: number;
  commandsSent: number;
  commandsAnswered: number;
  commandsApplied: number;
  appliedTwice: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  extraSnapshots: number;
  closedAtEnd: number;
  reconnects: number[];
};
