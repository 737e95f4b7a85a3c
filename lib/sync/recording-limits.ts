/**
 * A recording's limits, without dependencies: the recordings' settings form renders with them and
 * without zod (recording-state.ts and the recording schemas build on them). Apart from limits.ts,
 * which every page loads through the site's constants.
 */

/** Longest recording title, in characters. */
export const RECORDING_TITLE_MAX = 200;
/** Who may watch a recording. */
export const RECORDING_PRIVACY = ["public", "unlisted", "private"] as const;
