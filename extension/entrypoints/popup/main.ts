// The toolbar popup; `?tab=<id>` names the tab to act on (tests open the popup as a page).
import { browser } from "wxt/browser";
import { PopupApp } from "../../src/popup/popup-app";
import type { RuntimeLike } from "../../src/platform/extension-api";

async function targetTab(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get("tab"));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

async function copy(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

void targetTab().then((tabId) =>
  new PopupApp(document.getElementById("app")!, {
    runtime: browser.runtime as unknown as RuntimeLike,
    tabId,
    copy,
    requestOrigin: (origin) => browser.permissions.request({ origins: [`${origin}/*`] }),
    close: () => window.close(),
  }).load(),
);
