"use client";
/**
 * The own profile's Parties group: the current party, your rooms, RSVPs, scheduled and joined parties and
 * recordings. Loaded apart from the page (see OwnProfile): its tables, the scheduling form and their
 * schemas are not needed for the profile's first paint.
 */
import { MyRecordings } from "@/components/recordings/my-recordings";
import { MyRooms } from "@/components/rooms/my-rooms";
import { CurrentPartyCard } from "./current-party-card";
import { MyScheduledParties } from "./my-scheduled-parties";
import { JoinedScheduledParties, RsvpdParties } from "./rsvp-lists";

export function PartiesGroup() {
  return (
    <>
      <CurrentPartyCard />
      <MyRooms />
      <RsvpdParties />
      <MyScheduledParties />
      <JoinedScheduledParties />
      <MyRecordings />
    </>
  );
}
