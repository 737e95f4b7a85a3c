/**
 * The signed-in user as Better Auth's session reports it: the one shape the server's route handlers
 * (SessionUser) and the site's pages (CurrentUser) both read.
 */
export interface SessionUserFields {
  id: string;
  name: string;
  email: string;
  username?: string | null;
  displayUsername?: string | null;
  image?: string | null;
  lastLoginMethod?: string | null;
}
