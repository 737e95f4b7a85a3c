/** @jest-environment jsdom */
/** The party form shows every field's problem at once (under the field, and all in one alert) and sends nothing. */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ScheduledPartyForm, toLocalInputValue } from "@/components/parties/scheduled-party-form";
import { scheduledRow } from "../fixtures/party-rows";

test("an empty form → title, date and platform errors together, each under its field; nothing sent", async () => {
  const onSubmit = jest.fn();
  render(<ScheduledPartyForm submitLabel="Create" busyLabel="Creating..." onSubmit={onSubmit} />);
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  const title = screen.getByLabelText("Title");
  const when = screen.getByLabelText("Date and time");
  const platform = screen.getByLabelText("Platform");
  // The form's action runs in a transition: its errors render once it has, which the click does not wait for.
  await waitFor(() => expect(title).toHaveAttribute("aria-invalid", "true"));
  for (const field of [title, when, platform]) expect(field).toHaveAttribute("aria-invalid", "true");
  expect(onSubmit).not.toHaveBeenCalled();
  expect(title).toHaveAccessibleDescription("Title is required.");
  expect(when).toHaveAccessibleDescription("Pick a date and time.");
  expect(platform).toHaveAccessibleDescription(/^Platform must be one of: /);
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent("Title is required.");
  expect(alert).toHaveTextContent("Pick a date and time.");
  // Plain words: no format names or year ranges meant for programmers.
  expect(alert).not.toHaveTextContent(/ISO|1970|2200/);
  expect(screen.getByLabelText("Privacy")).not.toHaveAttribute("aria-invalid", "true");

  // Fixing one field clears its error on the next submit; the others stay.
  await userEvent.type(title, "Movie night");
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  await waitFor(() => expect(title).toHaveAttribute("aria-invalid", "false"));
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

/** A party that already exists, as the API returns it (only the fields the form reads matter). */
const existing = (dateTime: string) => scheduledRow("p1", { title: "Old night", date_time: dateTime, show_movie: "Netflix", platform: "Netflix" });

async function fillValid(when: string) {
  await userEvent.type(screen.getByLabelText("Title"), "Movie night");
  await userEvent.type(screen.getByLabelText("Date and time"), when);
  await userEvent.selectOptions(screen.getByLabelText("Platform"), "Netflix");
}

test("a start time two days ago is refused under its field in plain words; nothing sent", async () => {
  const onSubmit = jest.fn();
  render(<ScheduledPartyForm submitLabel="Create" busyLabel="Creating..." onSubmit={onSubmit} />);
  await fillValid(toLocalInputValue(new Date(Date.now() - 2 * 24 * 3_600_000).toISOString()));
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  const when = screen.getByLabelText("Date and time");
  await waitFor(() => expect(when).toHaveAttribute("aria-invalid", "true"));
  expect(onSubmit).not.toHaveBeenCalled();
  expect(when).toHaveAccessibleDescription("That time has already passed.");
  expect(screen.getByRole("alert")).toHaveTextContent("That time has already passed.");
  expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "false");
});

test("a start time a minute ago is within the grace and is sent (a form filled in a moment ago)", async () => {
  const onSubmit = jest.fn(async () => {});
  render(<ScheduledPartyForm submitLabel="Create" busyLabel="Creating..." onSubmit={onSubmit} />);
  await fillValid(toLocalInputValue(new Date(Date.now() - 60_000).toISOString()));
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  // No alert means something only once the action is over (its button is back), not while it runs.
  expect(await screen.findByRole("button", { name: "Create" })).toBeEnabled();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("editing a party whose time has passed keeps its own time, but may not move it to another past time", async () => {
  const onSubmit = jest.fn(async () => {});
  const past = new Date(Date.now() - 3 * 24 * 3_600_000);
  past.setSeconds(0, 0);
  render(<ScheduledPartyForm party={existing(past.toISOString())} submitLabel="Save" busyLabel="Saving..." onSubmit={onSubmit} />);
  await userEvent.type(screen.getByLabelText("Title"), " (fixed)");
  await userEvent.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: "Old night (fixed)", date_time: past.toISOString() })));
  // The save is over (its button is back, the form reset to what was sent) before the next edit: typed
  // while it ran, the new time would be reset away when it ends.
  expect(await screen.findByRole("button", { name: "Save" })).toBeEnabled();

  onSubmit.mockClear();
  const when = screen.getByLabelText("Date and time");
  await userEvent.clear(when);
  await userEvent.type(when, toLocalInputValue(new Date(past.getTime() - 24 * 3_600_000).toISOString()));
  await userEvent.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(when).toHaveAccessibleDescription("That time has already passed."));
  expect(onSubmit).not.toHaveBeenCalled();
});

test("a date past the year 2200 asks for an earlier one in plain words", async () => {
  const onSubmit = jest.fn();
  render(<ScheduledPartyForm submitLabel="Create" busyLabel="Creating..." onSubmit={onSubmit} />);
  await fillValid("2250-01-01T20:00");
  await userEvent.click(screen.getByRole("button", { name: "Create" }));
  await waitFor(() => expect(screen.getByLabelText("Date and time")).toHaveAccessibleDescription("Pick a date before 2201."));
  expect(onSubmit).not.toHaveBeenCalled();
});
