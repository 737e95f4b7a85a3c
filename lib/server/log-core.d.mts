import type { DestinationStream, Logger, LevelWithSilent } from "pino";

export declare const REDACTED: string;
export declare const EMAIL_MASK: string;
export declare function maskString(text: string): string;
export declare function scrub(value: unknown): unknown;
export declare function logLevelFrom(value: string | undefined): LevelWithSilent;
export declare function createLogger(options?: { level?: LevelWithSilent; destination?: DestinationStream }): Logger;
export declare function processLogger(): Logger;
export declare function requestIdFor(incoming: string | string[] | undefined | null): string;
export declare function loggedPath(url: string): string;
