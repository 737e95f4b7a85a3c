// /get-extension – the browser extension as a download, with install steps (when no store page is configured)
import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { EXTENSION_TARGETS, extensionBuildVersion, type ExtensionTarget } from "./_lib/extension-builds";

export const metadata: Metadata = {
  title: "Get the extension - ViewParty",
  description: "Download the ViewParty browser extension for Chrome, Edge and Firefox and load it in a minute.",
  alternates: { canonical: "/get-extension" },
};

// Reads the build from disk on each request: a rebuilt extension is offered without a site rebuild.
export const dynamic = "force-dynamic";

const STEPS: Record<ExtensionTarget, string[]> = {
  chrome: [
    "Download the zip and unzip it.",
    "Open chrome://extensions (Edge: edge://extensions) and switch on Developer mode.",
    "Click “Load unpacked” and choose the unzipped viewparty-extension-chrome folder.",
    "Pin ViewParty from the puzzle-piece menu, click it and sign in (or pick a guest name).",
  ],
  firefox: [
    "Download the zip and unzip it.",
    "Open about:debugging#/runtime/this-firefox and click “Load Temporary Add-on…”.",
    "Choose manifest.json in the unzipped viewparty-extension-firefox folder. (A temporary add-on stays until Firefox restarts.)",
    "Click the ViewParty toolbar button and sign in (or pick a guest name).",
  ],
};

export default function GetExtensionPage() {
  return (
    <PageShell
      title="Get the ViewParty extension"
      lead="The extension keeps your player in step with the host's. Everyone plays the video from their own account; ViewParty never captures or relays video."
    >
      <div className="grid gap-6 md:grid-cols-2">
        {(Object.keys(EXTENSION_TARGETS) as ExtensionTarget[]).map((target) => {
          const { label } = EXTENSION_TARGETS[target];
          const version = extensionBuildVersion(target);
          return (
            <section key={target} aria-labelledby={`get-${target}`} className="rounded-xl border border-slate-700 bg-slate-900 p-5">
              <h2 id={`get-${target}`} className="text-xl font-semibold text-white">
                {label}
              </h2>
              {version ? (
                <a
                  href={`/get-extension/download/${target}`}
                  download
                  className="mt-4 inline-block rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950"
                >
                  Download for {label} (v{version})
                </a>
              ) : (
                <p role="status" className="mt-4 text-amber-200">
                  Not built on this server yet: run <code>npm run build:extension</code>.
                </p>
              )}
              <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-300">
                {STEPS[target].map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
          );
        })}
      </div>
      <p className="mt-8 text-slate-300">
        Safari: the same build converts into a Safari web extension with Apple&apos;s{" "}
        <code>xcrun safari-web-extension-converter</code> (see the project README).
      </p>
    </PageShell>
  );
}
