/** A round profile picture, or the name's first letter when there is none. */
export function Avatar({ src, name, size = 96 }: { src: string | null | undefined; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) {
    // Provider CDN images as they are: next/image would need every provider's image host whitelisted.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt={`${name}'s profile picture`} width={size} height={size} style={style} className="rounded-full border-2 border-[color:var(--profile-accent)] object-cover" />;
  }
  return (
    <span
      role="img"
      aria-label={`${name}'s profile picture`}
      style={style}
      className="flex items-center justify-center rounded-full border-2 border-[color:var(--profile-accent)] bg-slate-800 text-3xl font-bold text-white"
    >
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}
