import type { Metadata } from "next";
import { Suspense } from "react";
import { KickCallback } from "@/components/auth/kick-callback";

export const metadata: Metadata = { title: "Kick sign-in - ViewParty", robots: { index: false } };

export default function KickCallbackPage() {
  return (
    <Suspense fallback={null}>
      <KickCallback />
    </Suspense>
  );
}
