// /get-extension – the extension for the visitor's browser: store links when configured, otherwise a download with exact install steps
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { PageShell } from "@/components/common/page-shell";
import { Badge } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";
import { PHONE_EXTENSION_MESSAGE } from "@/lib/constants";
import { getEnv } from "@/lib/server/env";
import { detectBrowser, type BrowserId } from "./_lib/detect-browser";
import { extensionBuildVersion, type ExtensionTarget } from "./_lib/extension-builds";

export const metadata: Metadata = {
  title: "Get the extension - ViewParty",
  description: "Install the ViewParty browser extension for Chrome, Edge or Firefox on your computer.",
  alternates: { canonical: "/get-extension" },
};

// Reads the build from disk and the visitor's browser on each request: a rebuilt extension is offered without a site rebuild.
export const dynamic = "force-dynamic";

type CardId = "chromium" | "firefox";

const SIDELOAD_STEPS: Record<ExtensionTarget, ReactNode[]> = {
  chrome: [
    "Download the zip and unzip it.",
    <>
      Open <code>chrome://extensions</code> (in Edge: <code>edge://extensions</code>) and switch on Developer mode.
    </>,
    "Click “Load unpacked” and choose the unzipped viewparty-extension-chrome folder.",
    "Pin ViewParty from the puzzle-piece menu, click it and sign in (or pick a guest name).",
  ],
  firefox: [
    "Download the zip and unzip it.",
    <>
      Open <code>about:debugging#/runtime/this-firefox</code> and click “Load Temporary Add-on…”.
    </>,
    "Choose manifest.json in the unzipped viewparty-extension-firefox folder. (A temporary add-on stays until Firefox restarts.)",
    "Click the ViewParty toolbar button and sign in (or pick a guest name).",
  ],
};

// Only the browsers the extension is built for have a card (and are named): Safari would need its own
// signed Mac app, which this project does not make. Its visitors get the note below instead.
const CARD_OF: Record<BrowserId, CardId | null> = { chrome: "chromium", edge: "chromium", firefox: "firefox", safari: null, other: null };
const BROWSER_NAME: Record<BrowserId, string> = { chrome: "Chrome", edge: "Edge", firefox: "Firefox", safari: "", other: "" };

function Steps({ steps }: { steps: ReactNode[] }) {
  return (
    <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-300">
      {steps.map((step, i) => (
        <li key={i} className="break-words">
          {step}
        </li>
      ))}
    </ol>
  );
}

function StoreLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: "lg" })}>
      {label}
    </a>
  );
}

function Sideload({ target, label, open }: { target: ExtensionTarget; label: string; open: boolean }) {
  const version = extensionBuildVersion(target);
  // `npm start` builds it before serving; without one the server was deployed without it, and the steps
  // would lead nowhere. Nothing here asks a visitor to run anything.
  const body = version ? (
    <>
      {/* The version sits beside the button, not in it: the label alone fits a phone's card. */}
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={`/get-extension/download/${target}`} download className={buttonVariants({ size: "lg" })}>
          Download for {label}
        </a>
        <span className="text-sm text-slate-400">Version {version}</span>
      </div>
      <Steps steps={SIDELOAD_STEPS[target]} />
    </>
  ) : (
    <p role="status" className="mt-4 text-amber-200">
      This server has no {label} download right now. Ask whoever runs it.
    </p>
  );
  // With a store page the manual install is the fallback, folded away.
  if (open) return body;
  return (
    <details className="mt-4 text-slate-300">
      <summary className="cursor-pointer text-cyan-300">Or load it yourself</summary>
      {body}
    </details>
  );
}

export default async function GetExtensionPage() {
  const env = getEnv();
  const { browser, mobile } = detectBrowser((await headers()).get("user-agent"));
  const yours = CARD_OF[browser];

  const cards: Record<CardId, { title: string; body: ReactNode }> = {
    chromium: {
      title: "Chrome and Edge",
      body: (
        <>
          {(env.VP_CHROME_STORE_URL || env.VP_EDGE_STORE_URL) && (
            <div className="mt-4 flex flex-wrap gap-2">
              {env.VP_CHROME_STORE_URL && <StoreLink href={env.VP_CHROME_STORE_URL} label="Add to Chrome" />}
              {env.VP_EDGE_STORE_URL && <StoreLink href={env.VP_EDGE_STORE_URL} label="Add to Edge" />}
            </div>
          )}
          <Sideload target="chrome" label="Chrome and Edge" open={!env.VP_CHROME_STORE_URL && !env.VP_EDGE_STORE_URL} />
        </>
      ),
    },
    firefox: {
      title: "Firefox",
      body: (
        <>
          {env.VP_FIREFOX_STORE_URL && (
            <div className="mt-4">
              <StoreLink href={env.VP_FIREFOX_STORE_URL} label="Add to Firefox" />
            </div>
          )}
          <Sideload target="firefox" label="Firefox" open={!env.VP_FIREFOX_STORE_URL} />
        </>
      ),
    },
  };
  const order: CardId[] = ["chromium", "firefox"];
  if (yours) order.sort((a, b) => Number(b === yours) - Number(a === yours));

  return (
    <PageShell
      title="Get the ViewParty extension"
      lead="The extension keeps your player in step with the host's. Everyone plays the video from their own account; ViewParty never captures or relays video."
    >
      {mobile && (
        <section aria-labelledby="on-a-phone" className="mb-8 rounded-xl border border-cyan-300/60 bg-slate-900 p-5" data-testid="phone-notice">
          <h2 id="on-a-phone" className="text-xl font-semibold text-white">
            On a phone?
          </h2>
          <p className="mt-2 text-slate-200">{PHONE_EXTENSION_MESSAGE}</p>
          <Link href="/parties" className={`${buttonVariants({ size: "lg" })} mt-4`}>
            See live parties
          </Link>
        </section>
      )}
      {browser === "safari" && !mobile && (
        <p role="note" className="mb-8 rounded-xl border border-cyan-300/60 bg-slate-900 p-5 text-slate-200" data-testid="unsupported-browser">
          This browser can&apos;t run the ViewParty extension. Open this page in Chrome, Edge or Firefox on your computer.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        {order.map((id) => (
          <section key={id} aria-labelledby={`get-${id}`} className="min-w-0 rounded-xl border border-slate-700 bg-slate-900 p-5" data-testid={`extension-card-${id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`get-${id}`} className="text-xl font-semibold text-white">
                {cards[id].title}
              </h2>
              {id === yours && !mobile && <Badge tone="info">Your browser: {BROWSER_NAME[browser]}</Badge>}
            </div>
            {cards[id].body}
          </section>
        ))}
      </div>
    </PageShell>
  );
}
