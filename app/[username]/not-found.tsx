import { ProfileNotFound } from "@/components/profile/profile-not-found";

export default function ProfileNotFoundPage() {
  return <ProfileNotFound />;
}
