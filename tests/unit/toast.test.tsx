/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { ToastProvider, useToast } from "@/components/ui/toast";
import { TOAST_DURATION_MS } from "@/lib/constants";

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success("Logged in successfully!")}>ok</button>
      <button onClick={() => toast.error("Login failed: nope")}>fail</button>
    </>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("a toast disappears after 4000 ms, not before", () => {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  act(() => screen.getByText("ok").click());
  expect(screen.getByRole("status")).toHaveTextContent("Logged in successfully!");
  act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
  expect(screen.queryByText("Logged in successfully!")).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText("Logged in successfully!")).not.toBeInTheDocument();
});

test("error toasts are announced as alerts and each toast keeps its own timer", () => {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  act(() => screen.getByText("ok").click());
  act(() => jest.advanceTimersByTime(2000));
  act(() => screen.getByText("fail").click());
  expect(screen.getByRole("alert")).toHaveTextContent("Login failed: nope");
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.queryByText("Logged in successfully!")).not.toBeInTheDocument();
  expect(screen.getByText("Login failed: nope")).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.queryByText("Login failed: nope")).not.toBeInTheDocument();
});
