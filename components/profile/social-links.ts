/**
 * Social networks on a profile and their links (URL patterns): twitch.tv/{u};
 * {host}/@{u} for YouTube and TikTok; {host}/{u} for X, Facebook and Instagram; Discord has no link.
 */
import { SOCIAL_NETWORKS, type SocialNetwork } from "@/lib/constants";

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  twitch: "Twitch",
  youtube: "YouTube",
  twitter: "X",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  discord: "Discord",
};

const URL_PATTERNS: Record<SocialNetwork, ((u: string) => string) | null> = {
  twitch: (u) => `https://twitch.tv/${u}`,
  youtube: (u) => `https://youtube.com/@${u}`,
  twitter: (u) => `https://x.com/${u}`,
  facebook: (u) => `https://facebook.com/${u}`,
  instagram: (u) => `https://instagram.com/${u}`,
  tiktok: (u) => `https://tiktok.com/@${u}`,
  discord: null,
};

export function socialLinkUrl(network: SocialNetwork, username: string): string | null {
  const pattern = URL_PATTERNS[network];
  return pattern ? pattern(encodeURIComponent(username.replace(/^@/, ""))) : null;
}

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  username: string;
  url: string | null;
  isPrivate: boolean;
}

type SocialFields = Partial<Record<`${SocialNetwork}_username`, string | null> & Record<`${SocialNetwork}_private`, boolean>>;

/** The links a profile has, in the spec's order; `publicOnly` drops the private ones. */
export function socialLinksOf(profile: SocialFields, { publicOnly = false } = {}): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const username = profile[`${network}_username`];
    const isPrivate = profile[`${network}_private`] ?? false;
    if (!username || (publicOnly && isPrivate)) return [];
    return [{ network, label: SOCIAL_LABELS[network], username, url: socialLinkUrl(network, username), isPrivate }];
  });
}
