/** The party screens' modal is the site's one dialog primitive. */
export { Dialog } from "@/components/ui/dialog";
