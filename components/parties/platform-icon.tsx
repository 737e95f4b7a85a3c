/**
 * A small square standing for a party's streaming platform, drawn locally (colour and a short mark),
 * so a list never waits for, or breaks on, an image from the internet. Decorative: the platform's
 * name is always written next to it. The mark is CSS generated content, so it stays out of the
 * row's text (copying a title does not pick up "N" or "D+").
 */
const MARKS: Record<string, { mark: string; className: string }> = {
  Netflix: { mark: "N", className: "bg-[#e50914] text-white" },
  YouTube: { mark: "▶", className: "bg-[#ff0000] text-white" },
  "Disney+": { mark: "D+", className: "bg-[#113ccf] text-white" },
  "HBO Max": { mark: "M", className: "bg-[#5822b4] text-white" },
  "Amazon Prime": { mark: "P", className: "bg-[#00a8e1] text-slate-950" },
  "Prime Video": { mark: "P", className: "bg-[#00a8e1] text-slate-950" },
  Hulu: { mark: "H", className: "bg-[#1ce783] text-slate-950" },
  "Paramount+": { mark: "P+", className: "bg-[#0064ff] text-white" },
  Peacock: { mark: "P", className: "bg-slate-100 text-slate-950" },
  StarPlus: { mark: "S+", className: "bg-[#c724b1] text-white" },
  Twitch: { mark: "T", className: "bg-[#9146ff] text-white" },
  Crunchyroll: { mark: "CR", className: "bg-[#f47521] text-slate-950" },
  TikTok: { mark: "♪", className: "bg-[#25f4ee] text-slate-950" },
};

/** What the icon shows for a platform name (a known platform's mark, else the name's first letter). */
export function platformMark(platform: string | null | undefined): { mark: string; className: string } {
  const known = platform ? MARKS[platform] : undefined;
  if (known) return known;
  const initial = platform?.trim()[0]?.toUpperCase();
  return { mark: initial ?? "▶", className: "bg-slate-700 text-white" };
}

export function PlatformIcon({ platform, size = 40 }: { platform: string | null | undefined; size?: number }) {
  const { mark, className } = platformMark(platform);
  return (
    <span
      aria-hidden="true"
      data-testid="platform-icon"
      data-mark={mark}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      className={`inline-flex shrink-0 items-center justify-center rounded-md font-bold leading-none before:content-[attr(data-mark)] ${className}`}
    />
  );
}
