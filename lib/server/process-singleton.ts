/**
 * One lazily created value per server process, kept on globalThis so that development's module
 * reloads (and Next's separate bundles of one module) share it. A creation that fails is not kept:
 * the next call tries again (e.g. after another holder of the embedded database exits).
 */
type Slot<T> = { promise?: Promise<T> };

function slot<T>(name: string): Slot<T> {
  const store = globalThis as unknown as Record<symbol, Slot<T> | undefined>;
  const key = Symbol.for(`viewparty.${name}`);
  return (store[key] ??= {});
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
