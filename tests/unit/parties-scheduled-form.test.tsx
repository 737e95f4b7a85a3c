/** @jest-environment jsdom */
/** The party form shows every field's problem at once (under the field, and all in one alert) and sends nothing. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ScheduledPartyForm } from "@/components/parties/scheduled-party-form";

test("an empty form → title, date and platform errors together, each under its field; nothing sent", async () => {
  const onSubmit = jest.fn();
  render(<ScheduledPartyForm submitLabel="Create" busyLabel="Creating..." onSubmit={onSubmit} />);
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  expect(onSubmit).not.toHaveBeenCalled();
  const title = screen.getByLabelText("Title");
  const when = screen.getByLabelText("Date and time");
  const platform = screen.getByLabelText("Platform");
  for (const field of [title, when, platform]) expect(field).toHaveAttribute("aria-invalid", "true");
  expect(title).toHaveAccessibleDescription("Title is required.");
  expect(when).toHaveAccessibleDescription("Date and time are required (ISO timestamp).");
  expect(platform).toHaveAccessibleDescription(/^Platform must be one of: /);
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent("Title is required.");
  expect(alert).toHaveTextContent("Date and time are required (ISO timestamp).");
  expect(screen.getByLabelText("Privacy")).not.toHaveAttribute("aria-invalid", "true");

  // Fixing one field clears its error on the next submit; the others stay.
  await userEvent.type(title, "Movie night");
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  expect(title).toHaveAttribute("aria-invalid", "false");
  expect(platform).toHaveAttribute("aria-invalid", "true");
});
