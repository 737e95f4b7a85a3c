/** The Live/Offline badge and the live player (300 px) shared by the own and the public profile's Twitch box. */
import { TWITCH_EMBED_HEIGHT_PX } from "@/lib/constants";

interface LiveInfo {
  isLive: boolean;
  displayName: string;
  embedUrl?: string | null;
}

export function TwitchLiveBadge({ info, className = "" }: { info: LiveInfo; className?: string }) {
  return (
    <span
      data-testid="twitch-live-status"
      className={`${className} rounded-full px-3 py-1 text-xs font-semibold ${info.isLive ? "bg-red-600 text-white" : "bg-slate-700 text-slate-100"}`}
    >
      {info.isLive ? "Live" : "Offline"}
    </span>
  );
}

export function TwitchLivePlayer({ info, className = "" }: { info: LiveInfo; className?: string }) {
  if (!info.isLive || !info.embedUrl) return null;
  return (
    <iframe
      title={`${info.displayName} live on Twitch`}
      src={info.embedUrl}
      height={TWITCH_EMBED_HEIGHT_PX}
      className={`${className} w-full rounded-md border border-slate-700`}
      allowFullScreen
    />
  );
}
