/**
 * The one registry of process-wide state: kept on globalThis under `Symbol.for("viewparty.<name>")`,
 * so that development's module reloads and Next's separate bundles of one module (each route is
 * bundled with its own copy) share it. `processState` holds a plain object made once; `processSingleton`
 * a value made asynchronously, where a creation that fails is not kept: the next call tries again
 * (e.g. after another holder of the embedded database exits).
 */
const store = globalThis as unknown as Record<symbol, unknown>;

/** The process's one `name` object, made by `create` on first use. */
export function processState<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`viewparty.${name}`);
  return (store[key] ??= create()) as T;
}

type Slot<T> = { promise?: Promise<T> };

function slot<T>(name: string): Slot<T> {
  return processState<Slot<T>>(`singleton.${name}`, () => ({}));
}

export function processSingleton<T>(name: string, create: () => Promise<T>): () => Promise<T> {
  return () => {
    const held = slot<T>(name);
    if (!held.promise) {
      const creating = create();
      held.promise = creating;
      creating.catch(() => {
        if (held.promise === creating) held.promise = undefined;
      });
    }
    return held.promise;
  };
}

/** Forgets the value (the next call creates it anew) and returns what was held, if anything. */
export function forgetProcessSingleton<T>(name: string): Promise<T> | undefined {
  const held = slot<T>(name);
  const current = held.promise;
  held.promise = undefined;
  return current;
}
