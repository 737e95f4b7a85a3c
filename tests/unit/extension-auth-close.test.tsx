/** @jest-environment jsdom */
/**
 * /extension-auth?checkOnly=1 without a login closes its tab after exactly EXTENSION_CHECK_CLOSE_MS
 * (a simulated clock: no wall-clock bound in the e2e); keepOpen=1 keeps it open.
 */
import { act, render, screen } from "@testing-library/react";
import { ExtensionAuth } from "@/components/extension/extension-auth";
import { EXTENSION_CHECK_CLOSE_MS } from "@/lib/constants";

let search = "";
jest.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams(search), useRouter: () => ({ push: jest.fn(), replace: jest.fn() }) }));
jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: () => ({ user: null, isLoading: false, refetch: () => {} }) }));
jest.mock("@/lib/auth-client", () => ({ exchangeCurrentSession: jest.fn() }));

let close: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  close = jest.spyOn(window, "close").mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  close.mockRestore();
});

test("checkOnly without a login: closes after the delay, not a moment before", () => {
  search = "mode=viewparty&checkOnly=1";
  render(<ExtensionAuth />);
  expect(screen.getByTestId("extension-auth-status")).toHaveTextContent("You are not logged in.");
  act(() => void jest.advanceTimersByTime(EXTENSION_CHECK_CLOSE_MS - 1));
  expect(close).not.toHaveBeenCalled();
  act(() => void jest.advanceTimersByTime(1));
  expect(close).toHaveBeenCalledTimes(1);
});

test("keepOpen=1 keeps the tab open", () => {
  search = "mode=viewparty&checkOnly=1&keepOpen=1";
  render(<ExtensionAuth />);
  expect(screen.getByTestId("extension-auth-status")).toHaveTextContent("You are not logged in.");
  act(() => void jest.advanceTimersByTime(60_000));
  expect(close).not.toHaveBeenCalled();
});
