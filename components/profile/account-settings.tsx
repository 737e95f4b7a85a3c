"use client";
/**
 * Profile account settings (the spec shows both as "coming soon"; here they work):
 * - Edit Info (edit-info.tsx): username, display name and e-mail.
 * - Link/Unlink Providers: Google, Twitch and Kick through Better Auth (link = a redirect through the
 *   provider and back here; unlink is refused for the last way to sign in).
 */
import { useEffect, useId, useState } from "react";
import useSWR from "swr";
import { apiErrorMessage } from "@/lib/api/error-message";
import { describeSignInError, SOCIAL_PROVIDERS, type SocialProvider } from "@/lib/auth/social-providers";
import type { ProvidersStatus } from "@/lib/schemas/auth";
import type { OwnUser } from "@/lib/schemas/user";
import { EditInfo } from "./edit-info";
import { Button } from "@/components/ui/button";
import { profileCardClass } from "./profile-section";


/** Better Auth's browser client, loaded when someone links or unlinks a provider, not with the profile. */
const loadAuthClient = () => import("@/lib/auth-client").then((m) => m.authClient);

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

interface LinkedAccount {
  /** Better Auth's row id (what unlink-account takes). */
  id: string;
  providerId: string;
}

/**
 * Better Auth's GET /api/auth/list-accounts for the cookie session, as a plain request: the list
 * shows without loading Better Auth's client (and the zod it brings), which only linking and
 * unlinking need.
 */
async function listAccounts(): Promise<LinkedAccount[]> {
  const res = await fetch("/api/auth/list-accounts", { credentials: "same-origin", headers: { Accept: "application/json" } });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(apiErrorMessage(body) || "Failed to load linked accounts.");
  return Array.isArray(body) ? (body as LinkedAccount[]) : [];
}

/** After a link round trip the provider sends the browser back with ?link=done|failed (&error=...). */
function readLinkOutcome(): { ok: boolean; text: string } | null {
  const params = new URLSearchParams(window.location.search);
  const link = params.get("link");
  const provider = SOCIAL_PROVIDERS.find((p) => p.id === params.get("provider"));
  if (!link || !provider) return null;
  window.history.replaceState(null, "", window.location.pathname);
  if (link === "done") return { ok: true, text: `${provider.label} linked.` };
  return { ok: false, text: `Could not link ${provider.label}: ${describeSignInError(params.get("error") ?? "", provider.label)}` };
}

function LinkedProviders() {
  const { data: accounts, error, mutate } = useSWR("auth:list-accounts", listAccounts);
  const { data: configured } = useSWR<ProvidersStatus>("/api/v1/auth/providers");
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();

  // Reading the URL once after the link redirect lands here (an external system: the address bar).
  useEffect(() => {
    const outcome = readLinkOutcome();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time read of the redirect's query
    if (outcome) setResult(outcome);
  }, []);

  const signInMethods = accounts?.length ?? 0;

  async function link(provider: SocialProvider) {
    setBusy(provider);
    setResult(null);
    const back = `/profile?provider=${provider}`;
    const { error: linkError } = await (await loadAuthClient()).linkSocial({ provider, callbackURL: `${back}&link=done`, errorCallbackURL: `${back}&link=failed` });
    // On success the browser is on its way to the provider.
    if (linkError) {
      setBusy(null);
      setResult({ ok: false, text: `Could not link ${provider}: ${linkError.message || "Authentication failed"}` });
    }
  }

  async function unlink(account: LinkedAccount, label: string) {
    setBusy(account.providerId as SocialProvider);
    setResult(null);
    const { error: unlinkError } = await (await loadAuthClient()).unlinkAccount({ accountId: account.id });
    setBusy(null);
    if (unlinkError) {
      setResult({ ok: false, text: `Could not unlink ${label}: ${unlinkError.message || "Authentication failed"}` });
      return;
    }
    setResult({ ok: true, text: `${label} unlinked.` });
    await mutate();
  }

  return (
    <section aria-labelledby={`${id}-title`} className={profileCardClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Link/Unlink Providers
      </h2>
      {error && (
        <p role="alert" className="mt-2 text-red-300">
          {messageOf(error, "Failed to load linked accounts.")}
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-700">
        {SOCIAL_PROVIDERS.map(({ id: provider, label }) => {
          const linked = accounts?.find((a) => a.providerId === provider);
          const available = configured?.[provider] ?? false;
          const onlyMethod = linked && signInMethods <= 1;
          return (
            <li key={provider} className="flex items-center gap-3 py-2" data-testid={`provider-${provider}`}>
              <span className="w-20 font-medium text-white">{label}</span>
              <span className="text-sm text-slate-300">{linked ? "Linked" : available ? "Not linked" : "Not configured on this server"}</span>
              <span className="ml-auto">
                {linked ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy !== null || onlyMethod}
                    title={onlyMethod ? "This is your only way to sign in." : undefined}
                    onClick={() => void unlink(linked, label)}
                  >
                    Unlink {label}
                  </Button>
                ) : (
                  available && (
                    <Button variant="secondary" size="sm" disabled={busy !== null || !accounts} onClick={() => void link(provider)}>
                      Link {label}
                    </Button>
                  )
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {accounts?.some((a) => a.providerId === "credential") && <p className="mt-2 text-sm text-slate-300">You can also log in with your password.</p>}
      {result && (
        <p role={result.ok ? "status" : "alert"} className={`mt-3 ${result.ok ? "text-emerald-300" : "text-red-300"}`}>
          {result.text}
        </p>
      )}
    </section>
  );
}

export function AccountSettings({ user }: { user: OwnUser }) {
  return (
    <div className="space-y-6">
      <EditInfo user={user} />
      <LinkedProviders />
    </div>
  );
}
