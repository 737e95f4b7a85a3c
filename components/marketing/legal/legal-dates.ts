/** "Last updated" texts of the legal pages, as the spec states them. */
export const PRIVACY_POLICY_LAST_UPDATED = "December 2024";
export const TERMS_LAST_UPDATED = "August 23, 2025";
/** Machine-readable form of TERMS_LAST_UPDATED for <time dateTime>. */
export const TERMS_LAST_UPDATED_ISO = "2025-08-23";
