/** @jest-environment jsdom */
/** Bio inline edit: counter out of 300, the input's limit, cancel restores, failure text. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BioEditor } from "@/components/profile/bio-editor";
import { ToastProvider } from "@/components/ui/toast";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { ApiClientError } from "@/lib/api/client";

jest.mock("@/lib/api/use-own-user", () => ({ updateOwnProfile: jest.fn() }));
const update = updateOwnProfile as jest.MockedFunction<typeof updateOwnProfile>;
beforeEach(() => update.mockReset());

const renderBio = (bio: string | null) =>
  render(
    <ToastProvider>
      <BioEditor bio={bio} />
    </ToastProvider>,
  );

test("no bio → No bio set.; edit shows the counter and the 300 limit; cancel restores", async () => {
  const user = userEvent.setup();
  renderBio(null);
  expect(screen.getByText("No bio set.")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Edit bio" }));
  const box = screen.getByRole("textbox", { name: "Bio" });
  expect(box).toHaveAttribute("maxLength", "300");
  expect(screen.getByText("0/300")).toBeInTheDocument();
  await user.type(box, "Hello");
  expect(screen.getByText("5/300")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.getByText("No bio set.")).toBeInTheDocument();
  expect(update).not.toHaveBeenCalled();
});

test("save sends the bio, says it is saved and returns to the view", async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({} as never);
  renderBio("Old");
  await user.click(screen.getByRole("button", { name: "Edit bio" }));
  await user.clear(screen.getByRole("textbox", { name: "Bio" }));
  await user.type(screen.getByRole("textbox", { name: "Bio" }), "New");
  await user.click(screen.getByRole("button", { name: "Save" }));
  // The save is the form's action: its toast and the closed editor render after it, which the click does not wait for.
  expect(await screen.findByRole("status")).toHaveTextContent("Bio saved.");
  expect(update).toHaveBeenCalledWith({ bio: "New" });
  expect(screen.queryByRole("textbox", { name: "Bio" })).not.toBeInTheDocument();
});

test("a refused save shows \"Failed to update bio.\" with the server's reason and stays in edit", async () => {
  const user = userEvent.setup();
  update.mockRejectedValue(new ApiClientError("Bio must be at most 300 characters.", 422));
  renderBio(null);
  await user.click(screen.getByRole("button", { name: "Edit bio" }));
  await user.type(screen.getByRole("textbox", { name: "Bio" }), "x");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update bio. Bio must be at most 300 characters.");
  expect(screen.getByRole("textbox", { name: "Bio" })).toHaveValue("x");
});

test("while the bio saves, Save says Saving... and both buttons wait; the editor closes once saved", async () => {
  const user = userEvent.setup();
  let answer!: () => void;
  update.mockReturnValue(new Promise((resolve) => (answer = () => resolve({} as never))));
  renderBio("Old");
  await user.click(screen.getByRole("button", { name: "Edit bio" }));
  await user.type(screen.getByRole("textbox", { name: "Bio" }), "!");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
  expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
  answer();
  expect(await screen.findByText("Bio saved.")).toBeInTheDocument();
  expect(screen.queryByRole("textbox", { name: "Bio" })).not.toBeInTheDocument();
  expect(update).toHaveBeenCalledWith({ bio: "Old!" });
});

test("a bio with a control character is refused before sending, with the rule's text", async () => {
  const user = userEvent.setup();
  renderBio(null);
  await user.click(screen.getByRole("button", { name: "Edit bio" }));
  const box = screen.getByRole("textbox", { name: "Bio" });
  await user.click(box);
  await user.paste("a\u0007b");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to update bio\. Bio must not contain control characters/);
  expect(update).not.toHaveBeenCalled();
  expect(screen.getByRole("textbox", { name: "Bio" })).toHaveValue("a\u0007b");
});
