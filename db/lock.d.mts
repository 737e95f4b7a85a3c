/** Types of db/lock.mjs (plain JavaScript so that scripts/start.mjs can use it too). */
export declare class EmbeddedDatabaseLockedError extends Error {
  readonly dataDir: string;
  readonly holderPid: number | undefined;
  constructor(dataDir: string, holderPid: number | undefined);
}

export declare function pgliteDir(dataDir: string): string;

export declare function findLockHolder(dataDir: string, options?: { staleMs?: number }): Promise<{ pid: number | undefined } | null>;

export declare function acquireLock(dataDir: string, options: { onLost: (error: Error) => void; staleMs?: number }): Promise<() => Promise<void>>;
