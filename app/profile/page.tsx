import type { Metadata } from "next";
import { OwnProfile } from "@/components/profile/own-profile";

export const metadata: Metadata = { title: "Profile - ViewParty", robots: { index: false } };

export default function ProfilePage() {
  return <OwnProfile />;
}
