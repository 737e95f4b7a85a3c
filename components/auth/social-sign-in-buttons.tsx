"use client";
/**
 * Google, Twitch and Kick buttons of the auth modal. A provider this server has no credentials for
 * stays disabled and says "not configured".
 */
import { useId } from "react";
import { useProviders } from "@/lib/api/use-providers";
import { SOCIAL_PROVIDERS, type SocialProvider } from "@/lib/schemas/auth";

interface Props {
  pending: boolean;
  onSelect: (provider: SocialProvider) => void;
}

export function SocialSignInButtons({ pending, onSelect }: Props) {
  const { data: providers } = useProviders();
  const id = useId();
  return (
    <div className="grid grid-cols-3 gap-2">
      {SOCIAL_PROVIDERS.map(({ id: provider, label }) => {
        const configured = providers?.[provider] ?? false;
        const offId = `${id}-${provider}-off`;
        return (
          <button
            key={provider}
            type="button"
            disabled={pending || !configured}
            onClick={() => onSelect(provider)}
            title={configured ? `Continue with ${label}` : `${label} sign-in is not configured on this server`}
            aria-describedby={configured ? undefined : offId}
            className="flex flex-col items-center rounded-md border border-slate-500 px-2 py-2 text-sm text-slate-100 hover:border-cyan-300 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {pending ? "Please wait..." : label}
            {!configured && (
              <span id={offId} className="text-[11px] text-slate-300">
                not configured
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
