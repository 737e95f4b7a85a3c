/** @jest-environment jsdom */
/**
 * The auth modal as a visitor meets it: every problem of a sign-up shown at once with its toast,
 * buttons disabled with "Please wait..." while a sign-in runs, what was typed kept after a failure,
 * and a success that toasts, resumes the visitor's action and closes.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuthModal } from "@/components/layout/auth-modal";
import { ToastProvider } from "@/components/ui/toast";
import { authClient } from "@/lib/auth-client";
import { socialSignIn } from "@/components/auth/social-sign-in";

jest.mock("@/lib/auth-client", () => ({
  authClient: { signUp: { email: jest.fn() }, signIn: { email: jest.fn(), username: jest.fn() } },
}));
jest.mock("@/components/auth/social-sign-in", () => ({ socialSignIn: jest.fn() }));
jest.mock("@/lib/api/use-providers", () => ({ useProviders: () => ({ data: { google: true, twitch: true, kick: false } }) }));

const client = authClient as unknown as {
  signUp: { email: jest.Mock };
  signIn: { email: jest.Mock; username: jest.Mock };
};
const social = socialSignIn as jest.MockedFunction<typeof socialSignIn>;
beforeEach(() => jest.clearAllMocks());

function renderModal(mode: "login" | "signup" = "login") {
  const onClose = jest.fn();
  const onSignedIn = jest.fn();
  const onModeChange = jest.fn();
  const view = render(
    <ToastProvider>
      <AuthModal open mode={mode} onModeChange={onModeChange} onClose={onClose} onSignedIn={onSignedIn} message="Please log in to RSVP to this party." />
    </ToastProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: mode === "signup" ? "Create your account" : "Log in" });
  return { ...view, dialog, onClose, onSignedIn, onModeChange };
}

const toasts = () => [...document.querySelectorAll("[data-toast-type]")].map((t) => `${t.getAttribute("data-toast-type")}: ${t.querySelector("span")?.textContent}`);

test("opens on the first field, with the reason it opened", () => {
  const { dialog } = renderModal();
  expect(within(dialog).getByLabelText("Username or e-mail")).toHaveFocus();
  expect(within(dialog).getByTestId("auth-modal-message")).toHaveTextContent("Please log in to RSVP to this party.");
  expect(within(dialog).getByRole("button", { name: /Kick/ })).toBeDisabled();
  expect(within(dialog).getByRole("button", { name: "Google" })).toBeEnabled();
});

test("sign-up with different passwords: the spec's error in the modal and as a toast, the field marked, nothing sent, fields kept", async () => {
  const user = userEvent.setup();
  const { dialog } = renderModal("signup");
  await user.type(within(dialog).getByLabelText("Username"), "movie_fan");
  await user.type(within(dialog).getByLabelText("Email"), "fan@example.test");
  await user.type(within(dialog).getByLabelText("Password"), "secret-one");
  await user.type(within(dialog).getByLabelText("Confirm password"), "secret-two");
  await user.click(within(dialog).getByRole("button", { name: "Sign Up" }));

  expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Passwords do not match\.$/);
  expect(toasts()).toEqual(["error: Passwords do not match."]);
  expect(client.signUp.email).not.toHaveBeenCalled();
  const confirm = within(dialog).getByLabelText("Confirm password");
  expect(confirm).toHaveAttribute("aria-invalid", "true");
  expect(confirm).toHaveAccessibleDescription("Passwords do not match.");
  expect(within(dialog).getByLabelText("Username")).toHaveValue("movie_fan");
  expect(within(dialog).getByLabelText("Email")).toHaveValue("fan@example.test");
  expect(confirm).toHaveValue("secret-two");
});

test("while a login runs every button is disabled and says Please wait...; a refusal keeps the typed name and says why", async () => {
  const user = userEvent.setup();
  let answer!: (value: { error: { message: string } | null }) => void;
  client.signIn.username.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const { dialog, onClose } = renderModal();
  await user.type(within(dialog).getByLabelText("Username or e-mail"), "  movie_fan ");
  await user.type(within(dialog).getByLabelText("Password"), "wrong");
  await user.click(within(dialog).getByRole("button", { name: "Login" }));

  const waiting = await within(dialog).findAllByRole("button", { name: /Please wait\.\.\./ });
  expect(waiting).toHaveLength(4); // Login and the three providers
  for (const button of waiting) expect(button).toBeDisabled();
  expect(client.signIn.username).toHaveBeenCalledWith({ username: "movie_fan", password: "wrong" });

  answer({ error: { message: "Invalid username or password" } });
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("Invalid username or password");
  expect(toasts()).toEqual(["error: Login failed: Invalid username or password"]);
  expect(within(dialog).getByRole("button", { name: "Login" })).toBeEnabled();
  expect(within(dialog).getByLabelText("Username or e-mail")).toHaveValue("  movie_fan ");
  expect(onClose).not.toHaveBeenCalled();
});

test("an error without a message falls back to Authentication failed", async () => {
  const user = userEvent.setup();
  client.signUp.email.mockResolvedValue({ error: { message: "" } });
  const { dialog } = renderModal("signup");
  await user.type(within(dialog).getByLabelText("Username"), "movie_fan");
  await user.type(within(dialog).getByLabelText("Email"), "fan@example.test");
  await user.type(within(dialog).getByLabelText("Password"), "secret-one");
  await user.type(within(dialog).getByLabelText("Confirm password"), "secret-one");
  await user.click(within(dialog).getByRole("button", { name: "Sign Up" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("Authentication failed");
  expect(toasts()).toEqual(["error: Signup failed: Authentication failed"]);
  expect(client.signUp.email).toHaveBeenCalledWith({ email: "fan@example.test", password: "secret-one", name: "movie_fan", username: "movie_fan" });
});

test("a login by e-mail toasts, resumes the visitor's action, then closes", async () => {
  const user = userEvent.setup();
  client.signIn.email.mockResolvedValue({ error: null });
  const { dialog, onClose, onSignedIn } = renderModal();
  await user.type(within(dialog).getByLabelText("Username or e-mail"), "fan@example.test");
  await user.type(within(dialog).getByLabelText("Password"), "secret-one");
  await user.click(within(dialog).getByRole("button", { name: "Login" }));
  await screen.findByText("Logged in successfully!");
  expect(client.signIn.email).toHaveBeenCalledWith({ email: "fan@example.test", password: "secret-one" });
  expect(onSignedIn).toHaveBeenCalledTimes(1);
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(onSignedIn.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]!);
});

test("a provider that fails shows its message and reason; switching mode clears them", async () => {
  const user = userEvent.setup();
  social.mockResolvedValue({ status: "failed", message: "Google login failed", detail: "Google sign-in was cancelled." });
  const { dialog, onModeChange } = renderModal();
  await user.click(within(dialog).getByRole("button", { name: "Google" }));
  const alert = await within(dialog).findByRole("alert");
  expect(alert).toHaveTextContent("Google login failed");
  expect(alert).toHaveTextContent("Google sign-in was cancelled.");
  expect(toasts()).toEqual(["error: Google login failed"]);

  await user.click(within(dialog).getByRole("button", { name: "Sign up" }));
  expect(onModeChange).toHaveBeenCalledWith("signup");
  // Forgetting the error is an action too (a transition): the alert goes once it has run.
  await waitFor(() => expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument());
});

test("Escape and the close button close the modal", async () => {
  const user = userEvent.setup();
  const { dialog, onClose } = renderModal();
  await user.click(within(dialog).getByRole("button", { name: "Close" }));
  expect(onClose).toHaveBeenCalledTimes(1);
  dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
  expect(onClose).toHaveBeenCalledTimes(2);
});
