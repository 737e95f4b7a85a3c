/** @jest-environment jsdom */
/**
 * The watch room's guest sync controls: Sync now, and the viewer's own offset in 0.1 s steps within
 * ±10 s, with a Reset once it is not zero.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GuestSync } from "@/components/watch-room/guest-sync";

test("Sync now and the offset stepper", async () => {
  const onSyncNow = jest.fn();
  const onOffset = jest.fn();
  const user = userEvent.setup();
  const view = render(<GuestSync offsetMs={0} onSyncNow={onSyncNow} onOffset={onOffset} />);
  const group = screen.getByRole("group", { name: "Your sync" });
  expect(group).toHaveTextContent("In step with the host");
  expect(screen.queryByRole("button", { name: "Reset offset" })).toBeNull();
  await user.click(screen.getByRole("button", { name: "Sync now" }));
  expect(onSyncNow).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole("button", { name: "Offset: 0.1 s more ahead" }));
  expect(onOffset).toHaveBeenLastCalledWith(100);

  view.rerender(<GuestSync offsetMs={-300} onSyncNow={onSyncNow} onOffset={onOffset} />);
  expect(group).toHaveTextContent("0.3 s behind the host");
  await user.click(screen.getByRole("button", { name: "Offset: 0.1 s more behind" }));
  expect(onOffset).toHaveBeenLastCalledWith(-400);
  await user.click(screen.getByRole("button", { name: "Reset offset" }));
  expect(onOffset).toHaveBeenLastCalledWith(0);

  view.rerender(<GuestSync offsetMs={10_000} onSyncNow={onSyncNow} onOffset={onOffset} />);
  expect(screen.getByRole("button", { name: "Offset: 0.1 s more ahead" })).toBeDisabled();
});
