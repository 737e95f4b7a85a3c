import type { Metadata } from "next";
import { Suspense } from "react";
import { ExtensionAuth } from "@/components/extension/extension-auth";

export const metadata: Metadata = { title: "Connect the extension - ViewParty", robots: { index: false } };

export default function ExtensionAuthPage() {
  return (
    <Suspense fallback={null}>
      <ExtensionAuth />
    </Suspense>
  );
}
