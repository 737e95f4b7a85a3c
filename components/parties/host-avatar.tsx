"use client";
/**
 * A party host's small round picture next to their name: their profile picture when they have one,
 * else their initial. A picture that fails to load falls back to the initial (never a broken image);
 * a host without a name to show (a private one) gets a question mark. Decorative, since the name is
 * written beside it; the initial is CSS generated content, so it stays out of the row's text.
 */
import { useState } from "react";

export function HostAvatar({ name, imageUrl, size = 28 }: { name: string | null; imageUrl: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (imageUrl && failed !== imageUrl) {
    return (
      // Provider CDN images as they are: next/image would need every provider's image host allowed.
      // eslint-disable-next-line @next/next/no-img-element
      <img src={imageUrl} alt="" width={size} height={size} style={style} loading="lazy" className="shrink-0 rounded-full bg-slate-800 object-cover" onError={() => setFailed(imageUrl)} />
    );
  }
  const initial = name?.trim()[0]?.toUpperCase() ?? "?";
  return (
    <span
      aria-hidden="true"
      data-testid="host-avatar"
      data-initial={initial}
      style={{ ...style, fontSize: size * 0.45 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-slate-700 font-semibold leading-none text-white before:content-[attr(data-initial)]"
    />
  );
}
