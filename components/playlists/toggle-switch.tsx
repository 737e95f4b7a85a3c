/** The playlist screens' on/off switch is the shared primitive. */
export { Switch as ToggleSwitch } from "@/components/ui/switch";
