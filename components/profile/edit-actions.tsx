"use client";
/**
 * The foot of an inline editor's form: its error, Save and Cancel (cancel drops the draft and the
 * error). Both buttons wait while the form's save runs.
 */
import { useFormStatus } from "react-dom";
import { SubmitButton } from "@/components/ui/submit-button";
import { Button } from "@/components/ui/button";

export function EditActions({ error, onCancel }: { error: string | null; onCancel: () => void }) {
  const { pending } = useFormStatus();
  return (
    <>
      {error && !pending && (
        <p role="alert" className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <SubmitButton pendingLabel="Saving...">
          Save
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </>
  );
}
