"use client";
/**
 * In-page confirmations instead of window.confirm: `const confirm = useConfirm();
 * if (!(await confirm({ message }))) return;`. One question at a time; the answer is false when the
 * user cancels, presses Escape or clicks the backdrop.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm must be used inside <ConfirmProvider>");
  return confirm;
}

export function ConfirmDialog({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (yes: boolean) => void }) {
  return (
    <Dialog title={options.title ?? "Please confirm"} onClose={() => onAnswer(false)} size="sm" role="alertdialog" initialFocus="[data-confirm-cancel]" testId="confirm-dialog">
      <p className="text-slate-100">{options.message}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" data-confirm-cancel onClick={() => onAnswer(false)}>
          {options.cancelLabel ?? "Cancel"}
        </Button>
        <Button variant={options.danger ? "danger" : "primary"} data-confirm-accept onClick={() => onAnswer(true)}>
          {options.confirmLabel ?? "Confirm"}
        </Button>
      </div>
    </Dialog>
  );
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    // A second question replaces the first, which counts as cancelled.
    resolver.current?.(false);
    setPending(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = useCallback((yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setPending(null);
  }, []);
  const value = useMemo(() => confirm, [confirm]);

  return (
    <ConfirmContext.Provider value={value}>
      {children}
      {pending && <ConfirmDialog options={pending} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}
