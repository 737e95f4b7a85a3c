// The second spelling of the Kick callback route seen in the spec; same page.
export { default, metadata } from "../auth/kick/callback/page";
