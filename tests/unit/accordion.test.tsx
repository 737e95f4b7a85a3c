/** @jest-environment jsdom */
/** The shared accordion: one panel open at a time, toggle-close, ARIA wiring and keyboard moves. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Accordion } from "@/components/ui/accordion";

const items = [
  { id: "one", title: "First question", content: <p>First answer</p> },
  { id: "two", title: "Second question", content: <p>Second answer</p> },
  { id: "three", title: "Third question", content: <p>Third answer</p> },
];

const header = (name: string) => screen.getByRole("button", { name });

function expectOpen(...open: string[]) {
  for (const item of items) {
    const isOpen = open.includes(item.title);
    expect(header(item.title)).toHaveAttribute("aria-expanded", String(isOpen));
    const panel = document.getElementById(header(item.title).getAttribute("aria-controls") ?? "");
    expect(panel).not.toBeNull();
    if (isOpen) expect(panel).toBeVisible();
    else expect(panel).not.toBeVisible();
  }
}

describe("Accordion", () => {
  it("starts closed, with each header controlling a labelled region", () => {
    render(<Accordion items={items} />);
    expectOpen();
    for (const item of items) {
      const panel = document.getElementById(header(item.title).getAttribute("aria-controls") ?? "");
      expect(panel).toHaveAttribute("role", "region");
      expect(panel).toHaveAttribute("aria-labelledby", header(item.title).id);
      expect(panel).toHaveTextContent(item.title.replace("question", "answer"));
    }
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(3);
  });

  it("keeps at most one panel open and closes the open one when clicked again", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(header("First question"));
    expectOpen("First question");
    expect(screen.getByRole("region", { name: "First question" })).toHaveTextContent("First answer");
    await user.click(header("Third question"));
    expectOpen("Third question");
    await user.click(header("Third question"));
    expectOpen();
  });

  it("honours defaultOpenId and the heading level", () => {
    render(<Accordion items={items} defaultOpenId="two" headingLevel={2} />);
    expectOpen("Second question");
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(3);
  });

  it("is keyboard operable: Enter/Space toggle, arrows/Home/End move between headers", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    header("First question").focus();
    await user.keyboard("{Enter}");
    expectOpen("First question");
    await user.keyboard("{ArrowDown}");
    expect(header("Second question")).toHaveFocus();
    await user.keyboard(" ");
    expectOpen("Second question");
    await user.keyboard("{End}");
    expect(header("Third question")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(header("First question")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(header("Third question")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(header("First question")).toHaveFocus();
    await user.keyboard("{Enter}");
    expectOpen("First question");
  });
});
