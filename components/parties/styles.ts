/** The party screens' classes, drawn from the shared primitives (buttons, fields, cards). */
import { buttonVariants } from "@/components/ui/button";
import { inputVariants } from "@/components/ui/field";

export { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass } from "@/components/playlists/styles";

export const smallButtonClass = buttonVariants({ variant: "primary", size: "sm" });
export const smallSecondaryButtonClass = buttonVariants({ variant: "secondary", size: "sm" });
export const dangerButtonClass = buttonVariants({ variant: "danger", size: "sm" });
export const selectClass = inputVariants({ size: "sm" });
export const linkClass = "text-cyan-300 hover:underline";
