/** A party's detail as the API answers it, for unit tests: an active public YouTube party hosted by Ann; override what a test needs. */
export function partyDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: "p1",
    host_display_name: "Ann",
    host_username: "ann",
    platform_id: "youtube",
    platform_domain: "youtube.com",
    platform: "YouTube",
    chat_provider: "builtin",
    chat_identifier: null,
    created_at: new Date(0).toISOString(),
    party_size: 1,
    video_title: "Trailer",
    host_video_url: "https://www.youtube.com/watch?v=abcdefghijk",
    synopsis: null,
    state: "ACTIVE",
    visibility: "public",
    streamer_latency_ms: 0,
    invite_code: "ABC123",
    role: "host",
    ...overrides,
  };
}
