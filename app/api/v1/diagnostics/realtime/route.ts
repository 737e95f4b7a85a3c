// GET /api/v1/diagnostics/realtime – what the realtime layer holds (?party=id,id: per party): only with VP_DIAGNOSTICS=1, else 404
import { z } from "zod";
import { getEnv } from "@/lib/server/env";
import { notFound } from "@/lib/server/http/api-error";
import { parseQuery, withApi } from "@/lib/server/http/with-api";
import { getBus } from "@/lib/server/realtime/get-bus";
import { loadedRooms } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";

export const dynamic = "force-dynamic";

const query = z.object({
  party: z
    .string()
    .max(100 * 65)
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : []))
    .pipe(z.array(z.string().min(1).max(64)).max(100, "At most 100 parties at a time.")),
});

export const GET = withApi(async ({ req }) => {
  // Off by default: a production server does not reveal what it holds.
  if (getEnv().VP_DIAGNOSTICS !== "1") throw notFound();
  const { party } = parseQuery(req, query);
  const bus = await getBus();
  const stats = await bus.stats(party);
  const loaded = new Set(loadedRooms());
  const memory = process.memoryUsage();
  return {
    bus: { kind: stats.kind, parties: stats.parties },
    rooms: loaded.size,
    logs: stats.logs,
    loadedRooms: Object.fromEntries(party.map((id) => [id, loaded.has(id)])),
    memory: { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external, arrayBuffers: memory.arrayBuffers },
  };
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
