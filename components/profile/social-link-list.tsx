/** A profile's social links; the own profile marks the private ones. */
import type { SocialLink } from "./social-links";

export function SocialLinkList({ links, showPrivacy = false }: { links: SocialLink[]; showPrivacy?: boolean }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map((link) => (
        <li key={link.network} className="rounded-full border border-accent-fg/60 bg-slate-950 px-3 py-1 text-sm">
          <span className="text-slate-300">{link.label}: </span>
          {link.url ? (
            <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" className="text-accent-fg hover:underline">
              {link.username}
            </a>
          ) : (
            <span className="text-slate-100">{link.username}</span>
          )}
          {showPrivacy && link.isPrivate && <span className="ml-1 text-xs text-amber-200">(private)</span>}
        </li>
      ))}
    </ul>
  );
}
