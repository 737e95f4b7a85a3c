/** @jest-environment jsdom */
/**
 * Social links inline edit: every network with a bad username is flagged under its own field at
 * once (nothing sent); a valid draft is sent with its Private flags; cancel restores.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SocialLinksEditor } from "@/components/profile/social-links-editor";
import { ToastProvider } from "@/components/ui/toast";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import type { OwnUser } from "@/lib/schemas/user";

jest.mock("@/lib/api/use-own-user", () => ({ updateOwnProfile: jest.fn() }));
const update = updateOwnProfile as jest.MockedFunction<typeof updateOwnProfile>;
beforeEach(() => update.mockReset());

const NETWORKS = ["twitch", "youtube", "twitter", "facebook", "instagram", "tiktok", "discord"] as const;
const me = {
  ...Object.fromEntries(NETWORKS.flatMap((n) => [[`${n}_username`, null], [`${n}_private`, false]])),
  twitch_username: "streamqueen",
} as unknown as OwnUser;

const renderEditor = () =>
  render(
    <ToastProvider>
      <SocialLinksEditor user={me} />
    </ToastProvider>,
  );

test("two bad usernames are both flagged under their fields; nothing is sent and what was typed stays", async () => {
  const user = userEvent.setup();
  renderEditor();
  await user.click(screen.getByRole("button", { name: "Edit social links" }));
  const x = screen.getByLabelText("X username");
  const instagram = screen.getByLabelText("Instagram username");
  await user.type(x, "bad/name");
  await user.type(instagram, "a b");
  await user.click(screen.getByRole("button", { name: "Save" }));

  // The check loads the profile schema first (a dynamic import): its answer comes after the click.
  expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to update social links\. X username .* Instagram username /);
  expect(x).toHaveAttribute("aria-invalid", "true");
  expect(x).toHaveAccessibleDescription("X username may contain only letters, digits, dots, dashes or underscores.");
  expect(instagram).toHaveAttribute("aria-invalid", "true");
  expect(instagram).toHaveAccessibleDescription("Instagram username may contain only letters, digits, dots, dashes or underscores.");
  expect(screen.getByLabelText("Twitch username")).toHaveAttribute("aria-invalid", "false");
  expect(update).not.toHaveBeenCalled();
  expect(x).toHaveValue("bad/name");
  expect(screen.getByLabelText("Twitch username")).toHaveValue("streamqueen");
});

test("a valid draft is sent with its Private flags, toasts and closes; cancel restores without sending", async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({} as never);
  renderEditor();
  await user.click(screen.getByRole("button", { name: "Edit social links" }));
  await user.type(screen.getByLabelText("YouTube username"), "@filmfan");
  await user.click(screen.getByRole("checkbox", { name: "Private YouTube" }));
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("Social links saved.")).toBeInTheDocument();
  expect(update).toHaveBeenCalledWith(expect.objectContaining({ twitch_username: "streamqueen", youtube_username: "@filmfan", youtube_private: true, twitter_username: null, twitch_private: false }));
  expect(screen.queryByLabelText("YouTube username")).not.toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Edit social links" }));
  await user.type(screen.getByLabelText("X username"), "typed");
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  await user.click(screen.getByRole("button", { name: "Edit social links" }));
  expect(screen.getByLabelText("X username")).toHaveValue("");
  expect(update).toHaveBeenCalledTimes(1);
});
