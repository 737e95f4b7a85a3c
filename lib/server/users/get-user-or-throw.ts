import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";
import { notFound } from "@/lib/server/http/api-error";

export type UserRow = typeof user.$inferSelect;

export async function findUserById(id: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return row;
}

export async function getUserOrThrow(id: string): Promise<UserRow> {
  const row = await findUserById(id);
  if (!row) throw notFound("User not found");
  return row;
}

export async function findUserByUsername(username: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(user).where(eq(user.username, username.trim().toLowerCase())).limit(1);
  return row;
}
