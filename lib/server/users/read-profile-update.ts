import "server-only";
import { z } from "zod";
import { profileUpdateSchema, type ProfileChanges } from "@/lib/schemas/user";
import { unprocessable } from "@/lib/server/http/api-error";
import { parseBody } from "@/lib/server/http/with-api";

/**
 * The PATCH body, with a failure's `detail` being the rule's own text (e.g. the spec's "Bio must be
 * at most 300 characters."), not prefixed with the field name: the profile shows it as it comes.
 */
export async function readProfileUpdate(req: Request): Promise<ProfileChanges> {
  try {
    return await parseBody(req, profileUpdateSchema);
  } catch (error) {
    if (error instanceof z.ZodError) throw unprocessable(error.issues[0]?.message ?? "Invalid request.");
    throw error;
  }
}
