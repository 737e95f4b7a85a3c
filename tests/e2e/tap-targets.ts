/**
 * Tap-target audit: every visible button, link, input, select, checkbox and summary on the page must be
 * at least 44×44 CSS px, or at least 24×24 with the spacing WCAG 2.2 "Target Size (Minimum)" (2.5.8)
 * asks for: a 24 px circle centred on the target crosses no other target's circle. Inline links inside a
 * sentence are exempt, as 2.5.8 exempts them ("the size of the target is constrained by the line-height
 * of non-target text"). While a modal dialog is open only it is measured: the page behind it is inert
 * (showModal makes it so without an `inert` attribute), and its controls, under the dialog, would
 * otherwise count as the dialog's neighbours. Returns the offenders, described so a failing test
 * names them.
 */
import type { Page } from "@playwright/test";

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

export async function smallTapTargets(page: Page, within = "body"): Promise<SmallTarget[]> {
  return page.evaluate((rootSelector) => {
    const modals = [...document.querySelectorAll("dialog")].filter((dialog) => dialog.matches(":modal"));
    const root = modals.at(-1) ?? document.querySelector(rootSelector) ?? document.body;
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"], [role="checkbox"]';
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    /** A link inside running text: its line box, not the author, sets its height. */
    const inline = (el: Element) => {
      if (el.tagName !== "A") return false;
      const parent = el.parentElement;
      if (!parent || getComputedStyle(el).display !== "inline") return false;
      const text = (parent.textContent ?? "").trim();
      const own = (el.textContent ?? "").trim();
      return ["P", "LI", "SPAN", "DD", "TD", "SMALL"].includes(parent.tagName) && text.length > own.length + 10;
    };
    // A visually hidden input (a custom checkbox or switch) is reached through its label: measure that.
    const measured = (el: Element): Element => {
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).opacity === "0") return el.closest("label") ?? el;
      }
      return el;
    };
    const targets = [...root.querySelectorAll(selector)]
      .filter((el) => !el.closest("[inert], [aria-hidden='true']"))
      .map((el) => ({ el, box: measured(el) }))
      .filter(({ el, box }) => (visible(el) || box !== el) && visible(box) && !inline(el));
    const rects = targets.map(({ box }) => box.getBoundingClientRect());
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const out: { what: string; width: number; height: number }[] = [];
    targets.forEach(({ el }, i) => {
      const r = rects[i]!;
      if (r.width >= 44 - 0.5 && r.height >= 44 - 0.5) return;
      if (r.width >= 24 - 0.5 && r.height >= 24 - 0.5) {
        // 24 px circles around each undersized target's centre must not meet another target.
        const c = centre(r);
        const spaced = rects.every((other, j) => {
          if (j === i) return true;
          const nearestX = Math.max(other.left, Math.min(c.x, other.right));
          const nearestY = Math.max(other.top, Math.min(c.y, other.bottom));
          return Math.hypot(nearestX - c.x, nearestY - c.y) >= 12 || targets[j]!.el.contains(el) || el.contains(targets[j]!.el);
        });
        if (spaced) return;
      }
      const label = el.getAttribute("aria-label") || (el as HTMLElement).innerText?.trim() || el.getAttribute("name") || el.getAttribute("placeholder") || el.getAttribute("href") || "";
      const kind = el.tagName.toLowerCase() + (el.getAttribute("type") ? `[type=${el.getAttribute("type")}]` : "");
      out.push({ what: `${kind} "${label.slice(0, 40)}"`, width: Math.round(r.width), height: Math.round(r.height) });
    });
    return out;
  }, within);
}
