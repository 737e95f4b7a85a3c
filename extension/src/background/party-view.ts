/**
 * The party as the popup and the site are shown it, built in one place: the stored binding, its
 * invite link, and what the server last said about it (null fields when it could not be asked).
 */
import type { PartyDetail } from "@/lib/schemas/party";
import type { PartyView, PopupView } from "../messaging/protocol";
import type { PartyBinding, Session } from "../storage/schema";

export function partyView(binding: PartyBinding, serverUrl: string, detail: PartyDetail | null): PartyView {
  return {
    ...binding,
    inviteUrl: binding.inviteCode ? `${serverUrl}/parties?invite=${encodeURIComponent(binding.inviteCode)}` : null,
    members: detail ? detail.party_size : null,
    state: detail ? detail.state : null,
    hostDisplayName: detail ? detail.host_display_name : null,
  };
}

/** The binding kept for a party the server describes; `role` when the caller knows it better (the creator hosts). */
export function bindingFromDetail(detail: PartyDetail, tabId: number | null, role?: "host" | "guest"): PartyBinding {
  return {
    id: detail.id,
    inviteCode: detail.invite_code,
    role: role ?? detail.role ?? "guest",
    videoUrl: detail.host_video_url,
    title: detail.video_title,
    platform: detail.platform,
    tabId,
  };
}

/** Who the extension acts as, without the token. */
export function sessionView(session: Session | null): PopupView["session"] {
  return session && { kind: session.kind, displayName: session.displayName, username: session.username };
}
