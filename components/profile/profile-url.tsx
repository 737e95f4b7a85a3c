"use client";
/**
 * Profile URL, read-only, with Copy → "Copied!" for 1.2 s. Builds it from the site root and
 * the Twitch username, else the encoded display name, else the id; but this site's public profile
 * route is /{username}, so the username comes first (a link by Twitch name or display name would
 * not open the profile here).
 */
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import type { OwnUser } from "@/lib/schemas/user";
import { ProfileSection } from "./profile-section";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export function profileUrl(origin: string, user: Pick<OwnUser, "username" | "twitch_username" | "display_name" | "id">): string {
  const slug = user.username ?? user.twitch_username ?? (user.display_name ? encodeURIComponent(user.display_name) : user.id);
  return `${origin}/${slug}`;
}

/** The page's origin never changes; it is read once the page runs in the browser (the server renders without it). */
const subscribeNever = () => () => undefined;

export function ProfileUrl({ user }: { user: OwnUser }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const url = profileUrl(useSyncExternalStore(subscribeNever, () => window.location.origin, () => ""), user);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: select the text so the user can copy it by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <ProfileSection title="Profile URL">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Profile URL
        </label>
        <Input id={id} readOnly value={url} className="min-w-0 flex-1 text-sm" />
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
    </ProfileSection>
  );
}
