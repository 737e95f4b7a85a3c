import "server-only";
/**
 * Encrypts small secrets (a playlist owner's Twitch OAuth token) at rest with AES-256-GCM. The key is
 * derived from the server's auth secret, so a copied database alone does not reveal the tokens.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/server/env";

const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", getEnv().authSecret, "viewparty", "playlist-twitch-token", 32));
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The plain secret, or null when it cannot be opened (another server secret, tampering). */
export function openSecret(sealed: string): string | null {
  const [version, payload] = sealed.split(":");
  if (version !== VERSION || !payload) return null;
  try {
    const raw = Buffer.from(payload, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
