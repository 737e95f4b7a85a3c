/** @jest-environment jsdom */
/**
 * Edit Info on /profile: every field's problem at once under its field (nothing sent), "Saving..."
 * with the button disabled while the save runs, "Saved." after, the server's refusal shown as is.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EditInfo } from "@/components/profile/edit-info";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import type { OwnUser } from "@/lib/schemas/user";

// Typing a 51-character name key by key takes seconds on a loaded CI machine (2 cores, many workers).
jest.setTimeout(30_000);
jest.mock("@/lib/api/client", () => ({ ...jest.requireActual("@/lib/api/client"), apiFetch: jest.fn() }));
jest.mock("@/lib/auth-client", () => ({ refreshSession: jest.fn() }));
const api = apiFetch as jest.MockedFunction<typeof apiFetch>;
beforeEach(() => api.mockReset());

const me = { id: "u1", username: "movie_fan", display_name: "Movie Fan", email: "fan@example.test" } as OwnUser;

async function retype(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  return input;
}

test("a bad username and a too long display name are both shown under their fields; nothing is sent", async () => {
  render(<EditInfo user={me} />);
  const username = await retype("Username", "a b");
  const name = await retype("Display name", "x".repeat(51));
  await userEvent.click(screen.getByRole("button", { name: "Save info" }));

  // The form's action runs in a transition: its errors render once it has, which the click does not wait for.
  await waitFor(() => expect(username).toHaveAttribute("aria-invalid", "true"));
  expect(username).toHaveAccessibleDescription("Username may contain only letters, digits, underscores and dots.");
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(name).toHaveAccessibleDescription("Display name must be at most 50 characters.");
  expect(screen.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "false");
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent("Username may contain only letters");
  expect(alert).toHaveTextContent("Display name must be at most 50 characters.");
  expect(api).not.toHaveBeenCalled();
  expect(username).toHaveValue("a b"); // what was typed stays
});

test("unchanged fields → Nothing to save.", async () => {
  render(<EditInfo user={me} />);
  await userEvent.click(screen.getByRole("button", { name: "Save info" }));
  expect(await screen.findByRole("status")).toHaveTextContent("Nothing to save.");
  expect(api).not.toHaveBeenCalled();
});

test("while saving the button says Saving... and is disabled; then Saved., sending only the changed field", async () => {
  let answer!: (user: OwnUser) => void;
  api.mockReturnValue(new Promise<OwnUser>((resolve) => (answer = resolve)) as never);
  render(<EditInfo user={me} />);
  await retype("Display name", "Renamed");
  await userEvent.click(screen.getByRole("button", { name: "Save info" }));
  const busy = await screen.findByRole("button", { name: "Saving..." });
  expect(busy).toBeDisabled();
  expect(api).toHaveBeenCalledWith("/api/v1/users/me/account", { method: "PATCH", json: { display_name: "Renamed" } });

  answer({ ...me, display_name: "Renamed" });
  expect(await screen.findByRole("status")).toHaveTextContent("Saved.");
  expect(screen.getByRole("button", { name: "Save info" })).toBeEnabled();
  expect(screen.getByLabelText("Display name")).toHaveValue("Renamed");
});

test("the server's refusal is shown as it says", async () => {
  api.mockRejectedValue(new ApiClientError("Username is already taken. Please try another.", 409));
  render(<EditInfo user={me} />);
  await retype("Username", "someone_else");
  await userEvent.click(screen.getByRole("button", { name: "Save info" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(/^Username is already taken\. Please try another\.$/);
  expect(screen.getByLabelText("Username")).toHaveValue("someone_else");
});
