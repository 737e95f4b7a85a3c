/** @jest-environment jsdom */
/** A profile's colours: readable wherever they are used (the pages that carry them: profile-public.test.tsx, e2e). */
import { render, screen } from "@testing-library/react";
import { DARK_COLOR_NOTE, ProfileColors } from "@/components/profile/profile-colors";
import { contrastRatio, profileThemeStyle, readableOnSurface, textOnFill } from "@/components/profile/profile-theme";
import { ToastProvider } from "@/components/ui/toast";

const SLATE_800 = "#1e293b";

describe("readable colours", () => {
  test("text on an accent fill is dark ink on a light accent and white on a dark one, at 4.5:1 or more", () => {
    for (const fill of ["#66fcf1", "#ffff00", "#ff8800", "#000080", "#7f1d1d", "#808080"]) {
      expect(contrastRatio(textOnFill(fill), fill)).toBeGreaterThanOrEqual(4.5);
    }
    expect(textOnFill("#ffff00")).toBe("#020617");
    expect(textOnFill("#000080")).toBe("#ffffff");
  });

  test("a colour that reads on the dark surfaces is kept; a dark one is lightened in its own hue until it reads", () => {
    expect(readableOnSurface("#cfd8dc")).toBe("#cfd8dc");
    expect(readableOnSurface("#6FC")).toBe("#66ffcc");
    const lightened = readableOnSurface("#23272b");
    expect(lightened).not.toBe("#23272b");
    expect(contrastRatio(lightened, SLATE_800)).toBeGreaterThanOrEqual(4.5);
    const blue = readableOnSurface("#0000ff");
    expect(contrastRatio(blue, SLATE_800)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(blue.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r!);
    expect(b).toBeGreaterThan(g!);
  });

  test("the theme hands the accent to the primitives and only readable text colours", () => {
    const style = profileThemeStyle({ accent: "#000080", text: "#23272b" }) as Record<string, string>;
    expect(style["--ui-accent"]).toBe("#000080");
    expect(style["--ui-on-accent"]).toBe("#ffffff");
    expect(contrastRatio(style["--ui-accent-fg"]!, SLATE_800)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(style["--profile-text"]!, SLATE_800)).toBeGreaterThanOrEqual(4.5);
    // The hover fill keeps (or improves) the contrast with the button's text.
    expect(contrastRatio(style["--ui-accent-hover"]!, "#ffffff")).toBeGreaterThanOrEqual(contrastRatio("#000080", "#ffffff"));
  });
});

describe("the colour pickers", () => {
  const renderColors = (text: string) =>
    render(
      <ToastProvider>
        <ProfileColors initial={{ accent: "#66fcf1", text }} />
      </ToastProvider>,
    );

  test("say when a chosen colour is too dark to be shown as picked", () => {
    renderColors("#23272b");
    expect(screen.getByText(DARK_COLOR_NOTE)).toBeInTheDocument();
  });

  test("stay quiet for colours that read as they are", () => {
    renderColors("#cfd8dc");
    expect(screen.queryByText(DARK_COLOR_NOTE)).not.toBeInTheDocument();
  });
});
