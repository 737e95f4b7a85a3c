/** How rooms' roles and privacy read on the site (the profile's list, the room page). */
import type { RoomPrivacy, RoomRole } from "@/lib/schemas/room";

export const ROLE_LABELS: Record<RoomRole, string> = { owner: "Owner", cohost: "Co-host", moderator: "Moderator", member: "Member" };
export const PRIVACY_SHORT: Record<RoomPrivacy, string> = { public: "Public", unlisted: "Unlisted", members: "Members only" };
