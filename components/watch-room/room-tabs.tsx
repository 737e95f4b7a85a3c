"use client";
/**
 * The room's panels as tabs under the video on a phone (chat, people, queue, polls), so the chat is
 * on screen with the video instead of a screenful below it. The WAI-ARIA tabs pattern: one tab in the
 * Tab order, arrows (and Home/End) move between tabs and select them. Every panel stays mounted and
 * is only hidden, so a half-typed message or request survives a look at another tab.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface RoomTab {
  id: string;
  label: string;
  /** A count or a dot after the label (e.g. "1" for a running poll). */
  badge?: string | null;
  content: ReactNode;
}

interface RoomTabsProps {
  tabs: readonly RoomTab[];
  selected: string;
  onSelect(id: string): void;
}

export function RoomTabs({ tabs, selected, onSelect }: RoomTabsProps) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === "ArrowRight" ? (index + 1) % tabs.length
      : event.key === "ArrowLeft" ? (index - 1 + tabs.length) % tabs.length
      : event.key === "Home" ? 0
      : event.key === "End" ? tabs.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-tab-${tab.id}`)}`)?.focus();
  }

  return (
    <div className="flex min-h-0 flex-col gap-2">
      <div ref={listRef} role="tablist" aria-label="Room" className="grid grid-flow-col auto-cols-fr gap-1 rounded-lg bg-slate-900/70 p-1" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-semibold transition-colors ${active ? "bg-slate-700 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`}
            >
              {tab.label}
              {tab.badge && <span className="rounded-full bg-cyan-300 px-1.5 text-xs font-bold text-slate-950">{tab.badge}</span>}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={tab.id !== selected} className="flex min-h-0 flex-col gap-3">
          {tab.content}
        </div>
      ))}
    </div>
  );
}
