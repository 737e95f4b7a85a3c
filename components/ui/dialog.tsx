"use client";
/**
 * The one modal dialog of the site: the native <dialog> opened with showModal(), so the page behind
 * is inert, focus moves inside and stays there, and Escape or a click on the backdrop closes it.
 * Render it only while open; `onClose` runs on Escape, the backdrop and the close button.
 * `role="alertdialog"` is for questions that need an answer (ConfirmDialog).
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cva } from "class-variance-authority";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog instead of escaping to the browser's UI. */
export function trapFocus(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

const dialogVariants = cva("border border-slate-600 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-black/70", {
  variants: {
    size: { sm: "w-[min(28rem,calc(100vw-2rem))]", md: "w-[min(36rem,calc(100vw-2rem))]" },
    /**
     * centre: a card in the middle. drawer: a sheet from the bottom on phones (within thumb reach, the
     * page's top still in view) and a panel along the right edge from lg up (the video stays in view).
     */
    placement: {
      centre: "m-auto max-h-[calc(100dvh-2rem)] rounded-xl",
      drawer:
        "mx-0 mt-auto mb-0 flex max-h-[85dvh] w-full max-w-none flex-col rounded-t-xl border-b-0 lg:my-0 lg:mr-0 lg:ml-auto lg:h-dvh lg:max-h-dvh lg:w-[30rem] lg:rounded-none lg:rounded-l-xl lg:border-y-0 lg:border-r-0",
    },
  },
  defaultVariants: { size: "md", placement: "centre" },
});

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: "sm" | "md";
  placement?: "centre" | "drawer";
  role?: "dialog" | "alertdialog";
  /** The element to focus first (a CSS selector inside the dialog); the first field or button otherwise. */
  initialFocus?: string;
  testId?: string;
}

export function Dialog({ title, onClose, children, size, placement, role = "dialog", initialFocus, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the open attribute is the same for what tests read.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    const body = dialog.querySelector<HTMLElement>("[data-dialog-body]");
    const first = (initialFocus && dialog.querySelector<HTMLElement>(initialFocus)) || body?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      // Back to where the user was (if that element is still there).
      if (opener?.isConnected) opener.focus();
    };
    // Opening happens once per mount; a later initialFocus change must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid={testId}
      onKeyDown={trapFocus}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current(); // a click on the backdrop
      }}
      className={dialogVariants({ size: placement === "drawer" ? null : size, placement })}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-700 px-5 py-4">
        <h2 id={titleId} className="text-xl font-semibold text-white">
          {title}
        </h2>
        <button type="button" onClick={() => onCloseRef.current()} className="-my-2 -mr-2 min-h-11 min-w-11 rounded text-2xl leading-none text-slate-300 hover:text-white" aria-label="Close">
          ×
        </button>
      </div>
      <div data-dialog-body className={placement === "drawer" ? "min-h-0 flex-1 overflow-y-auto px-5 py-4" : "max-h-[75dvh] overflow-y-auto px-5 py-4"}>
        {children}
      </div>
    </dialog>
  );
}
