/** @jest-environment jsdom */
/**
 * The own profile's lists and saves: "RSVP'd Parties" (upcoming) and "Joined Scheduled Parties"
 * (past) never show the same party, and every edit says whether it was saved.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { ScheduledPartyDialog, CHANGES_SAVED, DELETE_CONFIRMATION, PARTY_DELETED } from "@/components/parties/scheduled-party-dialog";
import { MyScheduledParties, PARTY_CREATED } from "@/components/profile/my-scheduled-parties";
import { NOW_PRIVATE, NOW_PUBLIC, PRIVACY_FAILED, PrivacySwitch } from "@/components/profile/privacy-switch";
import { JoinedScheduledParties, NO_JOINED, NO_RSVPS, RsvpdParties } from "@/components/profile/rsvp-lists";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/api/client";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import * as scheduled from "@/lib/api/use-scheduled-parties";
import type { JoinedRecord } from "@/lib/schemas/scheduled-party";
import { scheduledRow } from "../fixtures/party-rows";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));
jest.mock("@/lib/api/use-own-user", () => ({ updateOwnProfile: jest.fn() }));
jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: () => ({ user: { id: "host", name: "Some Host" }, isLoading: false, refetch: () => {} }) }));
jest.mock("@/lib/api/use-scheduled-parties", () => ({
  ...jest.requireActual("@/lib/api/use-scheduled-parties"),
  useJoinedScheduledParties: jest.fn(),
  useMyScheduledParties: jest.fn(),
  createScheduledParty: jest.fn(),
  updateScheduledParty: jest.fn(),
  deleteScheduledParty: jest.fn(),
}));
const update = updateOwnProfile as jest.MockedFunction<typeof updateOwnProfile>;
const api = scheduled as jest.Mocked<typeof scheduled>;

let nativeDialogs: jest.SpyInstance[];
beforeEach(() => {
  jest.clearAllMocks();
  api.useJoinedScheduledParties.mockReturnValue({ data: [], error: undefined } as never);
  api.useMyScheduledParties.mockReturnValue({ data: [], error: undefined } as never);
  nativeDialogs = [jest.spyOn(window, "alert"), jest.spyOn(window, "confirm")];
});
afterEach(() => {
  for (const spy of nativeDialogs) {
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  }
});

const wrap = (ui: ReactNode) =>
  render(
    <ToastProvider>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </ToastProvider>,
  );

function record(id: string, status: "upcoming" | "past"): JoinedRecord {
  return {
    id: `r-${id}`, scheduled_party_id: id, title: `Party ${id}`, date_time: "2031-03-14T20:00:00.000Z", status,
    host_username: "somehost", host_display_name: "Some Host", host_private: false, show_movie: "Netflix", privacy: "public",
    rsvp_count: 1, rsvped_at: "2030-01-01T00:00:00.000Z",
  };
}

test("upcoming RSVPs are listed under RSVP'd Parties only, past ones under Joined Scheduled Parties only", () => {
  api.useJoinedScheduledParties.mockReturnValue({ data: [record("soon", "upcoming"), record("gone", "past")], error: undefined } as never);
  wrap(
    <>
      <RsvpdParties />
      <JoinedScheduledParties />
    </>,
  );
  const rsvpd = screen.getByRole("region", { name: "RSVP'd Parties" });
  const joined = screen.getByRole("region", { name: "Joined Scheduled Parties" });
  expect(within(rsvpd).getByText("Party soon")).toBeInTheDocument();
  expect(within(rsvpd).queryByText("Party gone")).not.toBeInTheDocument();
  expect(within(joined).getByRole("rowheader", { name: "Party gone" })).toBeInTheDocument();
  expect(within(joined).queryByText("Party soon")).not.toBeInTheDocument();
});

test("each list keeps the spec's empty text when only the other has parties", () => {
  api.useJoinedScheduledParties.mockReturnValue({ data: [record("soon", "upcoming")], error: undefined } as never);
  wrap(<JoinedScheduledParties />);
  expect(screen.getByText(NO_JOINED)).toBeInTheDocument();
  api.useJoinedScheduledParties.mockReturnValue({ data: [record("gone", "past")], error: undefined } as never);
  wrap(<RsvpdParties />);
  expect(screen.getByText(NO_RSVPS)).toBeInTheDocument();
});

test("the privacy switch says which way it was saved; a refusal shows the spec's text", async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({} as never);
  const { rerender } = wrap(<PrivacySwitch isPrivate={false} />);
  await user.click(screen.getByRole("switch", { name: /Profile visibility/ }));
  expect(update).toHaveBeenCalledWith({ profile_private: true });
  expect(await screen.findByText(NOW_PRIVATE)).toBeInTheDocument();

  rerender(
    <ToastProvider>
      <ConfirmProvider>
        <PrivacySwitch isPrivate />
      </ConfirmProvider>
    </ToastProvider>,
  );
  await user.click(screen.getByRole("switch", { name: /Profile visibility/ }));
  expect(await screen.findByText(NOW_PUBLIC)).toBeInTheDocument();

  update.mockRejectedValue(new ApiClientError("Nope", 500));
  await user.click(screen.getByRole("switch", { name: /Profile visibility/ }));
  expect(await screen.findByRole("alert")).toHaveTextContent(PRIVACY_FAILED);
});

test("creating a party says so once it is saved", async () => {
  const user = userEvent.setup();
  api.createScheduledParty.mockResolvedValue(scheduledRow("new"));
  wrap(<MyScheduledParties />);
  await user.click(screen.getByRole("button", { name: "Create New Party" }));
  await user.type(screen.getByLabelText("Title"), "Movie night");
  await user.type(screen.getByLabelText("Date and time"), "2031-03-14T20:00");
  await user.selectOptions(screen.getByLabelText("Platform"), "Netflix");
  await user.click(screen.getByRole("button", { name: "Create Party" }));
  // The form sends from its action: wait for what the visitor sees, then check what was sent.
  expect(await screen.findByText(PARTY_CREATED)).toBeInTheDocument();
  expect(api.createScheduledParty).toHaveBeenCalledWith(expect.objectContaining({ title: "Movie night", show_movie: "Netflix" }));
  expect(screen.queryByRole("button", { name: "Create Party" })).not.toBeInTheDocument();
});

test("editing a party says the changes are saved; deleting it after the in-page confirmation says it is deleted", async () => {
  const user = userEvent.setup();
  const party = scheduledRow("mine", { title: "Old title" });
  api.updateScheduledParty.mockResolvedValue({ ...party, title: "New title" });
  api.deleteScheduledParty.mockResolvedValue(undefined);
  const onClose = jest.fn();
  wrap(<ScheduledPartyDialog party={party} isOwner onClose={onClose} />);
  await user.click(screen.getByRole("button", { name: "Edit Party" }));
  const title = screen.getByLabelText("Title");
  await user.clear(title);
  await user.type(title, "New title");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText(CHANGES_SAVED)).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Party Details" })).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Delete Party" }));
  const confirmation = await screen.findByRole("alertdialog");
  expect(confirmation).toHaveTextContent(DELETE_CONFIRMATION);
  await user.click(within(confirmation).getByRole("button", { name: "Delete" }));
  expect(await screen.findByText(PARTY_DELETED)).toBeInTheDocument();
  expect(onClose).toHaveBeenCalled();
});
