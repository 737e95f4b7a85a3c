import "server-only";
import { SOCIAL_NETWORKS } from "@/lib/constants";
import { publicUserSchema, type PublicUser } from "@/lib/schemas/user";
import type { UserRow } from "./get-user-or-throw";
import { toOwnUser } from "./to-own-user";

/** Anyone's view of a profile: never the e-mail; a social link marked private comes out as null. */
export function toPublicUser(row: UserRow): PublicUser {
  const own = toOwnUser(row);
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`${n}_username`, own[`${n}_private`] ? null : own[`${n}_username`]]));
  // The schema drops every field it does not list (e-mail, sign-in method, the private flags).
  return publicUserSchema.parse({ ...own, ...social });
}
