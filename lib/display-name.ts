/** The name the site shows for a user (header): display name → provider display name → e-mail. */
export interface NamedUser {
  name?: string | null;
  displayUsername?: string | null;
  username?: string | null;
  email?: string | null;
}

export function displayNameOf(user: NamedUser): string {
  for (const candidate of [user.name, user.displayUsername, user.username, user.email]) {
    const value = candidate?.trim();
    if (value) return value;
  }
  return "";
}
