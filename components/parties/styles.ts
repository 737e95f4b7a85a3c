/** The party screens' classes that are not a primitive of their own (links, labels, panels). */
export { labelClass, panelClass } from "@/components/playlists/styles";

/** A link standing on its own (a host's name in a row): a 44 px tall target on a phone. */
export const linkClass = "text-accent-fg hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center";
