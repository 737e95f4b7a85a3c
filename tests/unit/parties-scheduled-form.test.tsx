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

test("while saving the button shows its busy label and both buttons wait; a refusal keeps every field", async () => {
  let refuse!: (reason: Error) => void;
  const onSubmit = jest.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
  render(<ScheduledPartyForm submitLabel="Create" busyLabel="Creating..." onSubmit={onSubmit} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText("Title"), "Movie night");
  await userEvent.type(screen.getByLabelText("Date and time"), "2031-03-14T20:00");
  await userEvent.selectOptions(screen.getByLabelText("Platform"), "Netflix");
  await userEvent.selectOptions(screen.getByLabelText("Privacy"), "private");
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  expect(await screen.findByRole("button", { name: "Creating..." })).toBeDisabled();
  expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
  expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: "Movie night", show_movie: "Netflix", privacy: "private", date_time: new Date("2031-03-14T20:00").toISOString() }));

  refuse(new Error("Failed to create party."));
  expect(await screen.findByRole("alert")).toHaveTextContent("Failed to create party.");
  expect(screen.getByRole("button", { name: "Create" })).toBeEnabled();
  expect(screen.getByLabelText("Title")).toHaveValue("Movie night");
  expect(screen.getByLabelText("Date and time")).toHaveValue("2031-03-14T20:00");
  expect(screen.getByLabelText("Platform")).toHaveValue("Netflix");
  expect(screen.getByLabelText("Privacy")).toHaveValue("private");
});
