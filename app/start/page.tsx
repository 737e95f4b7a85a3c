// /start – start a watch room in one step: paste a YouTube or TikTok link (or pick a playlist), go
import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { StartRoomForm } from "@/components/start/start-room-form";

export const metadata: Metadata = {
  title: "Start a room - ViewParty",
  description: "Paste a YouTube or TikTok link and watch it in sync with friends, right in the browser.",
  // A flow page for signed-in hosts (the form itself is the whole page): nothing to index.
  robots: { index: false },
};

export default function StartRoomPage() {
  return (
    <PageShell title="Start a room" lead="Paste a YouTube or TikTok link. Your room opens at once; invite friends with its link. They watch in their browser, no extension needed.">
      <div className="max-w-xl">
        <StartRoomForm />
      </div>
    </PageShell>
  );
}
