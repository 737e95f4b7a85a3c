import "server-only";
/**
 * Closes a poll at its deadline even when nobody sends anything: every instance holding the party's
 * replica arms a timer for the open poll's `endsAt`. Several instances firing together is fine:
 * closing is idempotent (the log keeps the first close; later ones are stale and ignored).
 */
import type { Room } from "@/lib/server/realtime/room";
import { closePoll } from "./handle-poll-command";
import { log } from "@/lib/server/log";

const timers = new WeakMap<Room, { pollId: string; timer: ReturnType<typeof setTimeout> }>();

/** Called whenever the replica's poll changed: (re)arms or clears the deadline timer. */
export function watchPollDeadline(room: Room): void {
  const poll = room.poll?.poll;
  const armed = timers.get(room);
  const due = poll && poll.status === "open" && poll.endsAt !== null && !room.ended ? poll : null;
  if (armed && armed.pollId === due?.id) return;
  if (armed) {
    clearTimeout(armed.timer);
    timers.delete(room);
  }
  if (!due) return;
  const timer = setTimeout(
    () => {
      timers.delete(room);
      void closePoll(room, due.id, Date.now()).catch((error: unknown) => log.error({ err: error }, "[poll] deadline close"));
    },
    Math.max(0, due.endsAt! - Date.now()),
  );
  timer.unref?.();
  timers.set(room, { pollId: due.id, timer });
}
