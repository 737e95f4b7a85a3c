/** @jest-environment jsdom */
/**
 * Who is signed in comes from GET /api/auth/get-session (a plain request; the auth client is not
 * needed to read it), and Logout loads the auth client only when pressed.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mutate, SWRConfig } from "swr";
import { AuthModalContext } from "@/components/layout/auth-modal-context";
import { UserMenu } from "@/components/layout/user-menu";
import { ToastProvider } from "@/components/ui/toast";
import { SESSION_PATH } from "@/lib/api/session";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { STORAGE_KEYS } from "@/lib/constants";

const signOut = jest.fn();
jest.mock("@/lib/auth-client", () => ({
  authClient: { signOut: (...args: unknown[]) => signOut(...args) },
  clearStoredToken: () => window.localStorage.removeItem("jwt"),
}));

let session: { status: number; body: unknown; headers?: Record<string, string> };
const requests: string[] = [];
beforeEach(async () => {
  // The app reads the session from SWR's default cache (refreshSession revalidates it there): start empty.
  await mutate(() => true, undefined, { revalidate: false });
  requests.length = 0;
  signOut.mockReset();
  window.localStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(String(input));
    const { status, body, headers } = session;
    return { status, ok: status < 300, headers: new Headers({ "content-type": "application/json", ...headers }), json: async () => body } as unknown as Response;
  }) as typeof fetch;
});

function Who() {
  const { user, isLoading } = useCurrentUser();
  return <p>{isLoading ? "loading" : user ? `signed in as ${user.name}` : "signed out"}</p>;
}

const renderFresh = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ dedupingInterval: 0 }}>
      <ToastProvider>
        <AuthModalContext.Provider value={{ open: jest.fn(), close: jest.fn() }}>{ui}</AuthModalContext.Provider>
      </ToastProvider>
    </SWRConfig>,
  );

test("signed in: the user from get-session; a refreshed bearer in the answer is kept as jwt", async () => {
  session = { status: 200, body: { user: { id: "u1", name: "Ada", email: "ada@example.test" }, session: {} }, headers: { "set-auth-token": "fresh-token" } };
  renderFresh(<Who />);
  expect(screen.getByText("loading")).toBeInTheDocument();
  expect(await screen.findByText("signed in as Ada")).toBeInTheDocument();
  expect(requests).toEqual([SESSION_PATH]);
  expect(window.localStorage.getItem(STORAGE_KEYS.jwt)).toBe("fresh-token");
});

test("signed out (null) and a failed check both read as signed out", async () => {
  session = { status: 200, body: null };
  const first = renderFresh(<Who />);
  expect(await screen.findByText("signed out")).toBeInTheDocument();
  first.unmount();
  session = { status: 500, body: { message: "boom" } };
  renderFresh(<Who />);
  expect(await screen.findByText("signed out")).toBeInTheDocument();
});

test("Logout signs out through the auth client, clears the stored token and reads the session again", async () => {
  const user = userEvent.setup();
  session = { status: 200, body: { user: { id: "u1", name: "Ada", email: "ada@example.test" }, session: {} } };
  window.localStorage.setItem(STORAGE_KEYS.jwt, "old");
  signOut.mockImplementation(async () => {
    session = { status: 200, body: null };
    return { error: null };
  });
  renderFresh(<UserMenu />);
  await user.click(await screen.findByRole("button", { name: /Ada/ }));
  await user.click(screen.getByRole("menuitem", { name: "Logout" }));
  expect(await screen.findByText("Logged out successfully!")).toBeInTheDocument();
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(window.localStorage.getItem(STORAGE_KEYS.jwt)).toBeNull();
  await waitFor(() => expect(screen.getByRole("button", { name: "Login" })).toBeInTheDocument());
});

test("a refused logout says so and keeps the user signed in", async () => {
  const user = userEvent.setup();
  session = { status: 200, body: { user: { id: "u1", name: "Ada", email: "ada@example.test" }, session: {} } };
  signOut.mockResolvedValue({ error: { message: "Server said no" } });
  renderFresh(<UserMenu />);
  await user.click(await screen.findByRole("button", { name: /Ada/ }));
  await user.click(screen.getByRole("menuitem", { name: "Logout" }));
  expect(await screen.findByText("Logout failed: Server said no")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: /Ada/ })).toBeInTheDocument();
});
