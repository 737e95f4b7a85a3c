/** @jest-environment jsdom */
/** Join Party (spec §4 join flow, §8 texts): disabled while waiting; success toast; failures as alerts. */
import { render, screen, waitFor } from "@testing-library/react";
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
afterEach(() => alert.mockRestore());

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function renderButton() {
  render(
    <ToastProvider>
      <JoinPartyButton partyId="party-1" label="Heat" />
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
  expect(alert).not.toHaveBeenCalled();
});

test("the extension refuses → alert \"Join failed: \" plus its error", async () => {
  request.mockResolvedValue({ success: false, error: "Not signed in to Netflix" });
  await userEvent.click(renderButton());
  await waitFor(() => expect(alert).toHaveBeenCalledWith("Join failed: Not signed in to Netflix"));
});

test("no answer in time → the timeout alert", async () => {
  request.mockRejectedValue(new ExtensionTimeoutError());
  await userEvent.click(renderButton());
  await waitFor(() => expect(alert).toHaveBeenCalledWith(JOIN_TIMEOUT_MESSAGE));
  expect(JOIN_TIMEOUT_MESSAGE).toBe("No response from the extension. Please make sure it is installed and enabled.");
});

test("posting fails → the could-not-send alert", async () => {
  request.mockRejectedValue(new Error("DataCloneError"));
  await userEvent.click(renderButton());
  await waitFor(() => expect(alert).toHaveBeenCalledWith(JOIN_SEND_FAILED_MESSAGE));
  expect(JOIN_SEND_FAILED_MESSAGE).toBe("Could not send join request. Please ensure the extension is installed and enabled.");
});
