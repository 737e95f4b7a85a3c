/** @jest-environment jsdom */
/** A profile's colours: readable wherever they are used, and carried to the primitives on both profile pages. */
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { DARK_COLOR_NOTE, ProfileColors } from "@/components/profile/profile-colors";
import { contrastRatio, profileThemeClass, profileThemeStyle, readableOnSurface, textOnFill } from "@/components/profile/profile-theme";
import { PublicProfile } from "@/components/profile/public-profile";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import type { PublicUser } from "@/lib/schemas/user";

jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: () => ({ user: null, isLoading: false, refetch: () => {} }) }));

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

const PROFILE: PublicUser = {
  id: "u1",
  username: "filmfan",
  display_name: "Film Fan",
  bio: null,
  profile_image_url: null,
  youtube_profile_image_url: null,
  accent_color: "#ff8800",
  text_color: "#23272b",
  profile_private: false,
  twitch_username: null,
  youtube_username: null,
  twitter_username: "filmfan",
  facebook_username: null,
  instagram_username: null,
  tiktok_username: null,
  discord_username: null,
  created_at: "2030-01-01T00:00:00.000Z",
};

test("the public profile: its buttons, links and headings sit under the owner's colours", () => {
  global.fetch = jest.fn(() => new Promise<Response>(() => {})) as typeof fetch;
  render(
    <SWRConfig value={{ dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <PublicProfile username="filmfan" initial={PROFILE} />
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>,
  );
  const heading = screen.getByRole("heading", { level: 1, name: "Film Fan" });
  const themed = heading.closest<HTMLElement>("[style]")!;
  expect(themed.style.getPropertyValue("--ui-accent")).toBe("#ff8800");
  expect(themed.style.getPropertyValue("--ui-on-accent")).toBe("#020617");
  expect(themed.style.getPropertyValue("--profile-text")).toBe(readableOnSurface("#23272b"));
  expect(themed.className).toContain(profileThemeClass);

  const join = screen.getByRole("link", { name: "Join a Party" });
  expect(themed).toContainElement(join);
  expect(join.className).toMatch(/\bbg-accent\b/);
  expect(screen.getByRole("link", { name: "filmfan" }).className).toMatch(/\btext-accent-fg\b/);
  expect(themed).toContainElement(screen.getByRole("heading", { level: 2, name: "Social Links" }));
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
