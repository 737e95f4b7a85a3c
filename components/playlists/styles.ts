/**
 * The playlist screens' panel and label classes, drawn from the shared primitives; buttons and form
 * controls are the primitives themselves (`Button`, `Input`, `Select` …).
 */
import { cardVariants } from "@/components/ui/card";

export { labelClass } from "@/components/ui/field";
export const panelClass = cardVariants();
