/** @jest-environment jsdom */
/**
 * Scheduled Parties table and the RSVP flow against a fake API: login required;
 * the button is disabled while the request runs; then a disabled "RSVP'd" plus Un-RSVP; "Already
 * RSVP" counts as success; failures (toasts) and un-RSVP confirmation (an in-page dialog; never a
 * native alert or confirm).
 */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mutate, SWRConfig } from "swr";
import { AuthModalContext, type AuthModalControls } from "@/components/layout/auth-modal-context";
import { ScheduledPartiesTable } from "@/components/parties/scheduled-parties-table";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { RSVP_LOGIN_REQUIRED, UN_RSVP_CONFIRMATION } from "@/components/parties/use-rsvp";
import { swrFetcher } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { scheduledRow } from "../fixtures/party-rows";

jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: jest.fn() }));
const currentUser = useCurrentUser as jest.MockedFunction<typeof useCurrentUser>;

const party = (id: string, overrides: Partial<ScheduledParty> = {}) => scheduledRow(id, { title: `Party ${id}`, ...overrides });

/** A tiny fake of the RSVP endpoints: `joined` is the server's RSVP state. */
let joined: string[];
let rsvpAnswer: () => Promise<Response>;
const calls: string[] = [];

function jsonResponse(status: number, body: unknown): Response {
  return { status, ok: status < 300, headers: new Headers({ "content-type": "application/json" }), text: async () => JSON.stringify(body) } as unknown as Response;
}

beforeEach(async () => {
  // The app's writes revalidate SWR's default cache: start each test with it empty.
  await mutate(() => true, undefined, { revalidate: false });
  joined = [];
  calls.length = 0;
  rsvpAnswer = async () => {
    joined.push("a");
    return jsonResponse(201, { message: "RSVP'd to this party.", scheduled_party_id: "a", rsvped: true, rsvp_count: 1 });
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url}`);
    if (url.endsWith("/me/joined")) return jsonResponse(200, joined.map((id) => ({ scheduled_party_id: id })));
    if (url.endsWith("/rsvp") && method === "POST") return rsvpAnswer();
    if (url.endsWith("/rsvp") && method === "DELETE") {
      joined = joined.filter((id) => id !== "a");
      return jsonResponse(200, { message: "Un-RSVP'd", scheduled_party_id: "a", rsvped: false, rsvp_count: 0 });
    }
    return jsonResponse(404, { detail: "Not found" });
  }) as typeof fetch;
  currentUser.mockReturnValue({ user: { id: "me", name: "Me", email: "me@example.test" }, isLoading: false, refetch: () => {} });
});

let modal: { open: jest.MockedFunction<AuthModalControls["open"]>; close: jest.Mock };
let nativeDialogs: jest.SpyInstance[];
beforeEach(() => {
  modal = { open: jest.fn(), close: jest.fn() };
  nativeDialogs = [jest.spyOn(window, "alert"), jest.spyOn(window, "confirm"), jest.spyOn(window, "prompt")];
});
afterEach(() => {
  for (const spy of nativeDialogs) {
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  }
});

function renderTable(parties: ScheduledParty[], props: Partial<Parameters<typeof ScheduledPartiesTable>[0]> = {}) {
  render(
    <SWRConfig value={{ fetcher: swrFetcher, dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <AuthModalContext.Provider value={modal}>
            <ScheduledPartiesTable parties={parties} title="Scheduled Parties" headingId="t" {...props} />
          </AuthModalContext.Provider>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}

test("columns, dashes, TBA for an unreadable date, and the Host column only where asked", () => {
  renderTable([party("a", { description: "Bring snacks", rsvp_count: 2 }), party("b", { date_time: "", description: null, show_movie: "Other" })]);
  const table = screen.getByRole("table", { name: "Scheduled Parties" });
  expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
    "Title", "Host", "Platform", "Description", "RSVPs", "Scheduled For", "Action",
  ]);
  const [a, b] = screen.getAllByTestId("scheduled-party-row");
  expect(within(a!).getByText("Bring snacks")).toBeInTheDocument();
  expect(within(b!).getByText("TBA")).toBeInTheDocument();
  expect(within(b!).getAllByRole("cell")[2]).toHaveTextContent(/^-$/);
});

test("a private host reads \"a private host\", unlinked; a public host links to their profile", () => {
  const hidden = { host_private: true, host_id: null, host_username: null, host_display_name: null, host: { username: null, display_name: null } };
  renderTable([party("a", { rsvp_count: 2 }), party("b", { rsvp_count: 1, ...hidden })]);
  const [a, b] = screen.getAllByTestId("scheduled-party-row");
  expect(within(a!).getByRole("link", { name: "Some Host" })).toHaveAttribute("href", "/somehost");
  expect(within(b!).getAllByRole("cell")[0]).toHaveTextContent(/^a private host$/);
  expect(within(b!).queryByRole("link")).not.toBeInTheDocument();
});

test("each title carries its platform's icon and each host their picture or initial", () => {
  renderTable([party("a", { show_movie: "Disney+", host_image_url: "https://images.example.test/somehost.png" }), party("b", { show_movie: "YouTube" })]);
  const [a, b] = screen.getAllByTestId("scheduled-party-row");
  expect(within(a!).getByTestId("platform-icon")).toHaveAttribute("data-mark", "D+");
  expect(within(a!).getByRole("rowheader")).toHaveTextContent(/^Party a$/);
  expect(within(a!).getAllByRole("cell")[0]!.querySelector("img")).toHaveAttribute("src", "https://images.example.test/somehost.png");
  expect(within(b!).getByTestId("platform-icon")).toHaveAttribute("data-mark", "▶");
  expect(within(b!).getByTestId("host-avatar")).toHaveAttribute("data-initial", "S");
});

test("without the Host column (a public profile), a missing title reads N/A", () => {
  renderTable([party("a", { title: "" })], { showHost: false, missingTitle: "N/A" });
  expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).not.toContain("Host");
  expect(screen.getByRole("rowheader")).toHaveTextContent("N/A");
});

test("a party its host started offers \"Live now: Join\", opening its room (a private one by its invite code)", () => {
  renderTable([party("a", { live: { party_id: "live1", join_id: "live1" } }), party("b", { privacy: "private", live: { party_id: "live2", join_id: "CODE2345" } }), party("c")]);
  const [a, b, c] = screen.getAllByTestId("scheduled-party-row");
  expect(within(a!).getByRole("link", { name: "Live now: Join Party a" })).toHaveAttribute("href", "/watch/live1");
  expect(within(b!).getByRole("link", { name: "Live now: Join Party b" })).toHaveAttribute("href", "/watch/CODE2345");
  expect(within(c!).queryByRole("link", { name: /Live now/ })).not.toBeInTheDocument();
});

test("filter by platform and sort by RSVPs", async () => {
  const user = userEvent.setup();
  renderTable([party("a", { rsvp_count: 1 }), party("b", { rsvp_count: 7, show_movie: "YouTube" }), party("c", { rsvp_count: 3 })]);
  const rowTitles = () => screen.getAllByRole("rowheader").map((r) => r.textContent);
  expect(rowTitles()).toEqual(["Party b", "Party c", "Party a"]);
  await user.selectOptions(screen.getByLabelText("RSVPs"), "Least RSVPs");
  expect(rowTitles()).toEqual(["Party a", "Party c", "Party b"]);
  const filter = screen.getByLabelText("Platform");
  expect(within(filter).getAllByRole("option").map((o) => o.textContent)).toEqual(["All Platforms", "Netflix", "YouTube"]);
  await user.selectOptions(filter, "YouTube");
  expect(rowTitles()).toEqual(["Party b"]);
});

test("anonymous RSVP → the login modal with the reason and no request; once signed in, the RSVP goes through", async () => {
  currentUser.mockReturnValue({ user: null, isLoading: false, refetch: () => {} });
  renderTable([party("a")]);
  await userEvent.click(screen.getByRole("button", { name: "RSVP: Party a" }));
  expect(modal.open).toHaveBeenCalledWith("login", expect.objectContaining({ message: RSVP_LOGIN_REQUIRED }));
  expect(RSVP_LOGIN_REQUIRED).toBe("Please log in to RSVP to this party.");
  expect(calls.filter((c) => c.includes("/rsvp"))).toEqual([]);
  await act(async () => modal.open.mock.calls[0]![1]!.onSignedIn!());
  expect(calls).toContain("POST /api/v1/scheduled-parties/a/rsvp");
});

test("the host sees \"You host this\" instead of RSVP on their own party", () => {
  renderTable([party("a", { host_id: "me" }), party("b", { host_id: "someone" })]);
  const [a, b] = screen.getAllByTestId("scheduled-party-row");
  expect(within(a!).queryByRole("button", { name: /RSVP/ })).not.toBeInTheDocument();
  expect(within(a!).getByText("You host this")).toBeInTheDocument();
  expect(within(b!).getByRole("button", { name: "RSVP: Party b" })).toBeEnabled();
});

test("RSVP: disabled while running, then a disabled RSVP'd plus Un-RSVP; Un-RSVP asks first", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const original = rsvpAnswer;
  rsvpAnswer = async () => {
    await gate;
    return original();
  };
  renderTable([party("a")]);
  const button = await screen.findByRole("button", { name: "RSVP: Party a" });
  await userEvent.click(button);
  expect(button).toBeDisabled();
  await act(async () => release());
  expect(await screen.findByRole("button", { name: "RSVP'd: Party a" })).toBeDisabled();
  expect(calls).toContain("POST /api/v1/scheduled-parties/a/rsvp");

  const unRsvp = screen.getByRole("button", { name: "Un-RSVP: Party a" });
  await userEvent.click(unRsvp);
  let question = screen.getByRole("alertdialog");
  expect(question).toHaveTextContent(UN_RSVP_CONFIRMATION);
  await userEvent.click(within(question).getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);
  await userEvent.click(unRsvp);
  question = screen.getByRole("alertdialog");
  await userEvent.click(within(question).getByRole("button", { name: "Un-RSVP" }));
  // The label turns back to RSVP when the RSVP list is updated, and the button is usable once the request
  // is over: two renders after the click, which it does not wait for.
  await waitFor(() => expect(screen.getByRole("button", { name: "RSVP: Party a" })).toBeEnabled());
  expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual(["DELETE /api/v1/scheduled-parties/a/rsvp"]);
});

test("an RSVP the server already has (another tab) counts as success; failures toast \"RSVP failed: \"", async () => {
  // The server answers a repeated RSVP with 200 and the state it has.
  rsvpAnswer = async () => {
    joined = ["a"];
    return jsonResponse(200, { message: "Already RSVP'd to this party.", scheduled_party_id: "a", rsvped: true, rsvp_count: 1 });
  };
  renderTable([party("a"), party("b")]);
  await userEvent.click(await screen.findByRole("button", { name: "RSVP: Party a" }));
  expect(await screen.findByRole("button", { name: "RSVP'd: Party a" })).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();

  // A refusal is a failure whatever its wording: no text of it is read as success.
  rsvpAnswer = async () => jsonResponse(409, { detail: "Already RSVP'd to this party.", code: "conflict" });
  await userEvent.click(screen.getByRole("button", { name: "RSVP: Party b" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("RSVP failed: Already RSVP'd to this party.");
  expect(screen.queryByRole("button", { name: "RSVP'd: Party b" })).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "RSVP: Party b" })).toBeEnabled();

  rsvpAnswer = async () => jsonResponse(500, { detail: "Database is down", code: "internal_error" });
  await userEvent.click(screen.getByRole("button", { name: "RSVP: Party b" }));
  expect(await screen.findByText("RSVP failed: Database is down")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "RSVP: Party b" })).toBeEnabled();
});
