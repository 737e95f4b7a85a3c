"use client";
/** /add (spec §2): one YouTube or TikTok URL; a valid submit answers "Feature coming soon!" as a success alert. */
import { useState } from "react";
import { FEATURE_COMING_SOON } from "./use-placeholder-action";
import { panelClass } from "./styles";
import { VideoUrlField } from "./video-url-field";

export function AddUrlForm() {
  // Bumped per submit so a repeated submit re-announces the alert.
  const [answers, setAnswers] = useState(0);
  return (
    <div className={panelClass}>
      <VideoUrlField onValidUrl={() => setAnswers((n) => n + 1)}>
        {answers > 0 && (
          <p key={answers} role="alert" className="rounded-md border border-emerald-400 bg-emerald-950 px-3 py-2 text-sm text-emerald-50">
            {FEATURE_COMING_SOON}
          </p>
        )}
      </VideoUrlField>
    </div>
  );
}
