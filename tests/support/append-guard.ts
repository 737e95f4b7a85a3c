/**
 * The guarded append's rule, checked the same way on both buses (tests/unit/realtime-memory-bus and
 * tests/integration/realtime-redis-bus): a voice event is refused when another voice event came after
 * what the writer had seen; other events (chat) do not count. Resolves to the ids appended.
 */
import { compareEventIds, StaleAppendError, type LoggedServerEvent, type PartyBus } from "@/lib/server/realtime/bus";
import { PROTOCOL_VERSION } from "@/lib/sync";

const v = PROTOCOL_VERSION;
const chat = (text: string): LoggedServerEvent => ({ v, type: "chat", message: { id: "c", userId: "u", displayName: "U", text, at: 1 } });
const voice = (memberId: string): LoggedServerEvent => ({ v, type: "voice", voice: { members: [{ memberId, displayName: memberId, muted: false, camera: false, hostMuted: false }], listeners: [], waiting: [], hostMuted: [] } });
const guard = (seen: string | null) => ({ name: "voice" as const, seen });

export async function checkAppendGuard(bus: PartyBus, party: string): Promise<string[]> {
  const first = await bus.append(party, voice("a"), guard(null));
  const chatId = await bus.append(party, chat("unrelated"));
  // Events outside the guard (chat) do not make a change stale: only another voice change does.
  const second = await bus.append(party, voice("b"), guard(chatId));
  expect(compareEventIds(second, first)).toBeGreaterThan(0);
  // Computed from a replica that had folded only up to the chat: another voice change came after it.
  await expect(bus.append(party, voice("c"), guard(chatId))).rejects.toBeInstanceOf(StaleAppendError);
  await expect(bus.append(party, voice("c"), guard(null))).rejects.toBeInstanceOf(StaleAppendError);
  expect((await bus.tail(party)).map((e) => e.id)).toEqual([first, chatId, second]);
  // Caught up to the newest voice change: accepted.
  const third = await bus.append(party, voice("c"), guard(second));
  expect((await bus.tail(party)).map((e) => e.id)).toEqual([first, chatId, second, third]);
  return [first, chatId, second, third];
}
