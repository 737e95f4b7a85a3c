/** An inline link in body copy, in the accent colour and underlined so it is not told apart by colour alone. */
import Link from "next/link";
import type { ReactNode } from "react";

const className =
  "font-medium text-vp-accent underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-vp-accent";

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  if (/^(?:https?:|mailto:)/i.test(href)) {
    const external = href.startsWith("http");
    return (
      <a href={href} className={className} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
