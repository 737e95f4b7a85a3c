/** The playlist screens' classes, drawn from the shared primitives so every screen styles alike. */
import { buttonVariants } from "@/components/ui/button";
import { cardVariants } from "@/components/ui/card";
import { inputVariants } from "@/components/ui/field";

export { labelClass } from "@/components/ui/field";
export const inputClass = inputVariants();
export const primaryButtonClass = buttonVariants({ variant: "primary", size: "md", className: "text-base" });
export const secondaryButtonClass = buttonVariants({ variant: "secondary", size: "md" });
export const panelClass = cardVariants();
