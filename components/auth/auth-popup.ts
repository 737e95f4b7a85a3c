"use client";
/**
 * Sign-in popups: a 500×600 window, and a wait for its one window message. Only messages
 * from this site's origin and from that very window count. A popup posts its result and closes at
 * once, so when it is seen closed the wait lasts a moment longer for a message still queued.
 */
import { KICK_POPUP_HEIGHT, KICK_POPUP_WIDTH } from "@/lib/constants";

const CLOSED_POLL_MS = 400;
const CLOSED_GRACE_MS = 400;

export function openAuthPopup(url: string, name: string): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - KICK_POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - KICK_POPUP_HEIGHT) / 2);
  return window.open(url, name, `popup=yes,width=${KICK_POPUP_WIDTH},height=${KICK_POPUP_HEIGHT},left=${left},top=${top}`);
}

/** True for a message event from `popup` on this page's own origin. */
export function isFromPopup(event: Pick<MessageEvent, "origin" | "source">, popup: unknown, origin: string): boolean {
  return event.origin === origin && event.source === popup;
}

/**
 * Resolves with the first message `read` accepts (it sees only messages that passed the origin and
 * source check), or "closed" when the popup closed without one.
 */
export function waitForPopupMessage<T>(popup: Window, read: (data: unknown) => T | null): Promise<T | "closed"> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: T | "closed") => {
      if (settled) return;
      settled = true;
      window.removeEventListener("message", onMessage);
      clearInterval(poll);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (!isFromPopup(event, popup, window.location.origin)) return;
      const message = read(event.data);
      if (message !== null) settle(message);
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      setTimeout(() => settle("closed"), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener("message", onMessage);
  });
}
