/**
 * Kick's user endpoint (`GET /public/v1/users` with the user's token) answers
 * `{ data: [{ user_id, name, email, profile_picture }] }`. A configured stand-in may instead be a
 * plain OpenID userinfo (`{ sub, preferred_username | name, email, picture }`); both are read here
 * into one shape, so the account id is the Kick user id either way.
 */
import { z } from "zod";

const kickUser = z.object({
  user_id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().min(1),
  email: z.string().nullish(),
  profile_picture: z.string().nullish(),
});
const kickShape = z.object({ data: z.array(kickUser).min(1) }).transform(({ data }) => data[0]!);
const oidcShape = z
  .object({
    sub: z.union([z.string(), z.number()]).transform(String),
    preferred_username: z.string().nullish(),
    name: z.string().nullish(),
    email: z.string().nullish(),
    picture: z.string().nullish(),
  })
  .transform((p) => ({ user_id: p.sub, name: p.preferred_username || p.name || p.sub, email: p.email, profile_picture: p.picture }));

export interface KickProfile {
  id: string;
  name: string;
  /** Kick may withhold the address; a stable placeholder keeps the account usable (editable later). */
  email: string;
  image: string | undefined;
}

export function placeholderEmail(provider: string, id: string): string {
  return `${provider}-${id.toLowerCase().replace(/[^a-z0-9_.-]/g, "_")}@users.noreply.invalid`;
}

export function parseKickProfile(body: unknown): KickProfile | null {
  const parsed = z.union([kickShape, oidcShape]).safeParse(body);
  if (!parsed.success) return null;
  const p = parsed.data;
  return {
    id: p.user_id,
    name: p.name,
    email: p.email?.trim() || placeholderEmail("kick", p.user_id),
    image: p.profile_picture || undefined,
  };
}
