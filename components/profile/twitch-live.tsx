/** The Live/Offline badge and the live player (300 px) shared by the own and the public profile's Twitch box. */
import { TWITCH_EMBED_HEIGHT_PX } from "@/lib/constants";
import { Badge } from "@/components/ui/card";

interface LiveInfo {
  isLive: boolean;
  displayName: string;
  embedUrl?: string | null;
}

export function TwitchLiveBadge({ info, className = "" }: { info: LiveInfo; className?: string }) {
  return (
    <Badge data-testid="twitch-live-status" tone={info.isLive ? "live" : "neutral"} className={className}>
      {info.isLive ? "Live" : "Offline"}
    </Badge>
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
