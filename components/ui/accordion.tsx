"use client";
/**
 * Disclosure accordion (WAI-ARIA APG pattern): at most one panel open; activating the open header
 * closes it. Headers are real buttons (Enter/Space), and ↑/↓/Home/End move between headers.
 * Closed panels stay in the HTML (`hidden`), so their text is still served to crawlers.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface AccordionItem {
  /** Stable, unique within the accordion; used in element ids. */
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Heading level wrapping each header button, to keep the page outline in order. */
  headingLevel?: 2 | 3 | 4;
  defaultOpenId?: string | null;
  className?: string;
}

export function Accordion({ items, headingLevel = 3, defaultOpenId = null, className = "" }: AccordionProps) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as const;

  function focusHeader(index: number) {
    const count = items.length;
    buttons.current[((index % count) + count) % count]?.focus();
  }

  function onHeaderKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusHeader(target);
  }

  return (
    <div data-accordion="" className={`divide-y divide-[#2e3d4f] rounded-xl border border-[#2e3d4f] bg-vp-surface ${className}`}>
      {items.map((item, index) => {
        const open = item.id === openId;
        const buttonId = `${baseId}-${item.id}-header`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} data-accordion-item="" data-state={open ? "open" : "closed"}>
            <Heading className="m-0 text-base font-semibold sm:text-lg">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId((current) => (current === item.id ? null : item.id))}
                onKeyDown={(event) => onHeaderKeyDown(event, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-white transition-colors hover:text-vp-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-vp-accent"
              >
                <span>{item.title}</span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={`h-5 w-5 shrink-0 text-vp-accent transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
                >
                  <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 leading-relaxed text-vp-text [&_a]:text-vp-accent [&_a]:underline [&_li]:mt-1 [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
