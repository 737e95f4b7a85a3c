"use client";
/**
 * "Host a party" on /parties: signed in, it leads to the party form on the profile; signed out, the
 * login modal opens first and the visitor goes on to the form once signed in.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { Button, buttonVariants } from "@/components/ui/button";
import { useCurrentUser } from "@/lib/api/use-current-user";

export const HOST_LOGIN_REQUIRED = "Please log in to host a party.";
const FORM_PATH = "/profile#my-scheduled-parties";

export function HostPartyButton() {
  const { user } = useCurrentUser();
  const modal = useAuthModal();
  const router = useRouter();
  if (user) {
    return (
      <Link href={FORM_PATH} className={buttonVariants({ size: "lg" })}>
        Host a party
      </Link>
    );
  }
  return (
    <Button size="lg" onClick={() => modal.open("login", { message: HOST_LOGIN_REQUIRED, onSignedIn: () => router.push(FORM_PATH) })}>
      Host a party
    </Button>
  );
}
