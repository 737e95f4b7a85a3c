/**
 * Push-to-talk on a keyboard: the V key ("voice") held, except while focus is in a field V types
 * into. One definition for the watch room and the extension's overlay.
 */

/** The push-to-talk key (held). */
export const PUSH_TO_TALK_KEY = "v";

/** Focus in a field the V key types into: push-to-talk leaves it alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== "string") return false;
  if (el.isContentEditable) return true;
  if (el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  if (el.tagName !== "INPUT") return false;
  const type = (el as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "range", "submit", "reset", "color", "file", "image"].includes(type);
}

/** A press of the push-to-talk key that should start talking (not a repeat, no shortcut modifier, not typing). */
export function isTalkKeyDown(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === PUSH_TO_TALK_KEY && !event.repeat && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
}

export function isTalkKeyUp(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === PUSH_TO_TALK_KEY;
}
