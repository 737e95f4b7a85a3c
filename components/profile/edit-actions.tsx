/** The foot of an inline editor: its error, Save and Cancel (cancel drops the draft and the error). */
import { primaryButtonClass, secondaryButtonClass } from "@/components/parties/styles";

export function EditActions({ error, saving, onSave, onCancel }: { error: string | null; saving: boolean; onSave: () => void; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <button type="button" className={primaryButtonClass} onClick={onSave} disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </>
  );
}
