/** The party screens' classes that are not a primitive of their own (links, labels, panels). */
export { labelClass, panelClass } from "@/components/playlists/styles";

export const linkClass = "text-accent-fg hover:underline";
