/** The toolbar popup's requests (`popup:*` in the message map), each answered by the job that owns it. */
import type { Handlers } from "../messaging/messenger";
import type { BackgroundProtocol } from "../messaging/protocol";
import type { Account } from "./account";
import type { BackgroundContext } from "./background-context";
import { changeServer } from "./change-server";
import type { PartyMembership } from "./party-membership";
import type { PartyTabs } from "./party-tabs";
import { getPopupView } from "./popup-view";

type PopupRequest = Extract<keyof BackgroundProtocol, `popup:${string}`>;

export function popupRequests(
  context: BackgroundContext,
  account: Account,
  membership: PartyMembership,
  tabs: PartyTabs,
): Required<Pick<Handlers<BackgroundProtocol>, PopupRequest>> {
  return {
    "popup:view": ({ tabId }) => getPopupView(context, tabId),
    "popup:signInGuest": ({ username }) => account.signInGuest(username),
    "popup:signInWithToken": ({ token }) => account.signInWithToken(token),
    "popup:openSignIn": () => account.openSignIn(),
    "popup:signOut": () => account.signOut(),
    "popup:startParty": (request) => membership.start(request),
    "popup:joinByCode": ({ code }) => membership.join(code),
    "popup:leaveParty": () => membership.leave(),
    "popup:openPartyTab": () => membership.openPartyTab(),
    "popup:setServerUrl": ({ serverUrl }) => changeServer(context, tabs, serverUrl),
  };
}
