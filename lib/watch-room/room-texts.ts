/**
 * The words and paths of the way into a room (/start) and out of it (invite, leave, end): one typed
 * module, so the pages, the room and the tests read the same strings.
 */

/** The page that starts a room in one step (the header's and the home page's "Start a room"). */
export const START_ROOM_PATH = "/start";
export const START_ROOM_LABEL = "Start a room";
export const BROWSE_PARTIES_PATH = "/parties";

export const START_LOGIN_REASON = "Log in or sign up to start your room. It starts as soon as you are in.";
export const START_LINK_INVALID = "Paste a YouTube or TikTok video link, or pick one of your playlists.";
export const START_TIKTOK_SHORT =
  "TikTok short links can't be played here: open the link and copy the video's full address (tiktok.com/@name/video/…).";
/** The 409 of the one-live-party-per-host rule, worded for the form (the API's detail says the same). */
export const START_ALREADY_HOSTING = "You are already hosting a live party. Open it, or end it and start this one.";
export const START_FAILED = "Could not start the room. Please try again.";

export const INVITE_COPIED = "Invite link copied.";
export const INVITE_COPY_FAILED = "Could not copy: select the link and copy it.";
export const END_PARTY_CONFIRM = "End this party for everyone? The room closes for all members.";
export const LEAVE_PARTY_CONFIRM = "Leave this party?";
export const PARTY_ENDED_TITLE = "The party has ended";
export const PARTY_ENDED_TEXT = "Thanks for watching together.";
export const PARTY_ENDED_BY_YOU_TEXT = "You ended this party for everyone. Thanks for hosting.";
export const YOU_LEFT_TITLE = "You left the party";
/** Said with a room's "not found": a private room opens only from its invite link. */
export const PRIVATE_ROOM_HINT = "If it is a private party, open it with the invite link its host shared.";

/**
 * What a video is called until its own title is known: a room started from a bare link, a queued link
 * without a title. The host's room replaces it with the player's title (use-player-title.ts).
 */
export function untitledMediaTitle(platform: "youtube" | "tiktok", id: string): string {
  return platform === "youtube" ? `YouTube video ${id}` : `TikTok video ${id}`;
}

/** The address anyone may open to join: a private room only answers to its invite code. */
export function inviteUrl(origin: string, party: { id: string; visibility: "public" | "private"; inviteCode: string | null }): string {
  const key = party.visibility === "private" && party.inviteCode ? party.inviteCode : party.id;
  return `${origin}/watch/${encodeURIComponent(key)}`;
}
export const START_ROOM_SUBMIT = "Start the room";
