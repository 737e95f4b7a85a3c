/** @jest-environment jsdom */
/** Join Party: disabled while waiting; success toast; failures in an in-page panel with an install link (never a native alert). */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { JOIN_SEND_FAILED_MESSAGE, JOIN_TIMEOUT_MESSAGE, JoinPartyButton } from "@/components/parties/join-party-button";
import { ToastProvider } from "@/components/ui/toast";
import { EXTENSION_JOIN_WAIT_MS } from "@/lib/constants";
import { ExtensionTimeoutError, requestExtension } from "@/lib/extension-bridge/request-extension";

jest.mock("@/lib/extension-bridge/request-extension", () => ({
  ...jest.requireActual("@/lib/extension-bridge/request-extension"),
  requestExtension: jest.fn(),
}));
const request = requestExtension as jest.MockedFunction<typeof requestExtension>;

let alert: jest.SpyInstance;
beforeEach(() => {
  request.mockReset();
  alert = jest.spyOn(window, "alert").mockImplementation(() => {});
});
afterEach(() => {
  expect(alert).not.toHaveBeenCalled();
  alert.mockRestore();
});

async function expectPanel(message: string, install: string) {
  const panel = await screen.findByRole("dialog", { name: "Join Party" });
  expect(within(panel).getByRole("alert")).toHaveTextContent(message);
  expect(within(panel).getByRole("link", { name: install })).toHaveAttribute("href", "/get-extension");
  return panel;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function renderButton(watchInBrowser = false) {
  render(
    <ToastProvider>
      <JoinPartyButton partyId="party-1" label="Heat" watchInBrowser={watchInBrowser} />
    </ToastProvider>,
  );
  return screen.getByRole("button", { name: /Join Party/ });
}

test("posts JOIN_PARTY with the party id, waits 6 s at most, disabled meanwhile; success → toast", async () => {
  const reply = deferred<{ success: boolean }>();
  request.mockReturnValue(reply.promise);
  const button = renderButton();
  await userEvent.click(button);
  expect(request).toHaveBeenCalledWith({ type: "JOIN_PARTY", partyId: "party-1" }, "JOIN_PARTY_RESPONSE", EXTENSION_JOIN_WAIT_MS);
  expect(button).toBeDisabled();
  reply.resolve({ success: true });
  await waitFor(() => expect(button).toBeEnabled());
  expect(screen.getByText("The extension is opening the party.")).toBeInTheDocument();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("the extension refuses → the panel says \"Join failed: \" plus its error", async () => {
  request.mockResolvedValue({ success: false, error: "Not signed in to Netflix" });
  await userEvent.click(renderButton());
  await expectPanel("Join failed: Not signed in to Netflix", "Extension help");
});

test("no answer in time → the panel with the timeout text and the install link; closing it goes back to the button", async () => {
  request.mockRejectedValue(new ExtensionTimeoutError());
  await userEvent.click(renderButton());
  const panel = await expectPanel(JOIN_TIMEOUT_MESSAGE, "Install the extension");
  expect(within(panel).queryByRole("link", { name: "Watch in the browser" })).not.toBeInTheDocument();
  await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(JOIN_TIMEOUT_MESSAGE).toBe("No response from the extension. Please make sure it is installed and enabled.");
});

test("a party that plays in the watch room also offers \"Watch in the browser\"", async () => {
  request.mockRejectedValue(new ExtensionTimeoutError());
  await userEvent.click(renderButton(true));
  const panel = await expectPanel(JOIN_TIMEOUT_MESSAGE, "Install the extension");
  expect(within(panel).getByRole("link", { name: "Watch in the browser" })).toHaveAttribute("href", "/watch/party-1");
});

test("posting fails → the panel with the could-not-send text", async () => {
  request.mockRejectedValue(new Error("DataCloneError"));
  await userEvent.click(renderButton());
  await expectPanel(JOIN_SEND_FAILED_MESSAGE, "Install the extension");
  expect(JOIN_SEND_FAILED_MESSAGE).toBe("Could not send join request. Please ensure the extension is installed and enabled.");
});
