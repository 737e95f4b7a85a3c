/** @jest-environment jsdom */
/** Public profile states: "Loading profile...", "Profile Not Found" + "Go Home", public links only. */
import { render, screen } from "@testing-library/react";
import { mutate, SWRConfig } from "swr";
import { PublicProfile, profileErrorText } from "@/components/profile/public-profile";
import { profileThemeClass, readableOnSurface } from "@/components/profile/profile-theme";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { ApiClientError, swrFetcher } from "@/lib/api/client";
import type { PublicUser } from "@/lib/schemas/user";

jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: () => ({ user: null, isLoading: false, refetch: () => {} }) }));

const PROFILE: PublicUser = {
  id: "u1",
  username: "filmfan",
  display_name: "Film Fan",
  bio: "Heist movies only.",
  profile_image_url: null,
  youtube_profile_image_url: null,
  accent_color: null,
  text_color: null,
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

let answers: Record<string, () => Promise<Response>>;
const respond = (status: number, body: unknown) => async () =>
  ({ status, ok: status < 300, headers: new Headers({ "content-type": "application/json" }), text: async () => JSON.stringify(body) }) as unknown as Response;

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  answers = {};
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const answer = answers[String(input)];
    return answer ? answer() : new Promise<Response>(() => {}); // unanswered: still loading
  }) as typeof fetch;
});

function renderProfile(initial?: PublicUser, username = "filmfan") {
  render(
    <SWRConfig value={{ fetcher: swrFetcher, dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <PublicProfile username={username} initial={initial} />
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}

test("while the profile loads: Loading profile...", () => {
  // A user whose request never answers (its own key, so no other test shares the pending request).
  renderProfile(undefined, "slowpoke");
  expect(screen.getByText("Loading profile...")).toBeInTheDocument();
});

test("a 404 → Profile Not Found, \"User not found\" and Go Home", async () => {
  answers["/api/v1/users/filmfan"] = respond(404, { detail: "User not found", code: "not_found" });
  renderProfile();
  expect(await screen.findByRole("heading", { name: "Profile Not Found" })).toBeInTheDocument();
  expect(screen.getByText("User not found")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
});

test("other failures → Profile Not Found with the generic text", async () => {
  answers["/api/v1/users/filmfan"] = respond(500, { detail: "Boom", code: "internal_error" });
  renderProfile();
  expect(await screen.findByText("Failed to load user profile")).toBeInTheDocument();
  // The code decides, not the wording: a failure that merely says "not found" is not a missing profile.
  expect(profileErrorText(new ApiClientError("Not Found", 502, { detail: "Not Found", code: "service_unavailable" }))).toBe("Failed to load user profile");
  expect(profileErrorText(new ApiClientError("Gone", 404, { detail: "Gone", code: "not_found" }))).toBe("User not found");
});

test("the profile: names, bio, its public links, buttons, and the parties section", async () => {
  answers["/api/v1/users/filmfan"] = respond(200, PROFILE);
  answers["/api/v1/scheduled-parties/host/u1"] = respond(200, []);
  renderProfile(PROFILE);
  expect(screen.getByRole("heading", { level: 1, name: "Film Fan" })).toBeInTheDocument();
  expect(screen.getByText("@filmfan")).toBeInTheDocument();
  expect(screen.getByText("Heist movies only.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "filmfan" })).toHaveAttribute("href", "https://x.com/filmfan");
  expect(screen.getByRole("link", { name: "Join a Party" })).toHaveAttribute("href", "/parties");
  expect(screen.getByRole("link", { name: "View Parties" })).toHaveAttribute("href", "/scheduled-parties");
  expect(await screen.findByRole("heading", { name: "Scheduled Parties by Film Fan" })).toBeInTheDocument();
  expect(screen.getByText("No scheduled parties found.")).toBeInTheDocument();
});

test("no public links → No public social links", () => {
  answers["/api/v1/users/filmfan"] = respond(200, { ...PROFILE, twitter_username: null });
  renderProfile({ ...PROFILE, twitter_username: null });
  expect(screen.getByText("No public social links")).toBeInTheDocument();
});

test("the owner's colours: buttons, links and headings sit under them, text in a readable version", () => {
  const colourful = { ...PROFILE, accent_color: "#ff8800", text_color: "#23272b" };
  answers["/api/v1/users/filmfan"] = respond(200, colourful);
  renderProfile(colourful);
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
