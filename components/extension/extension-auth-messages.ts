/** Texts of the extension authentication page, word for word. */
import { PRODUCT_NAME } from "@/lib/constants";

export const LOADING_USER = "Loading user information...";
export const AUTH_COMPLETE = "Authentication complete! You may close this tab.";
export const TOKEN_NOT_ACKNOWLEDGED = "Token sent, but extension did not acknowledge.";
export const NO_RESPONSE = "No response from extension within 5 seconds";
export { MISSING_AUTH_DATA } from "@/lib/extension-bridge/messages";
export const LOGIN_CANCELLED = "Login cancelled. Please close this tab and try again.";
export const exceptionSending = (message: string) => `Exception sending token to extension: ${message}`;
export const authenticationFailed = (message: string) => `Authentication failed: ${message}`;
export const NO_USERNAME = `Could not obtain your ${PRODUCT_NAME} username. Please try again or contact support.`;
export const NO_TWITCH_USERNAME = "Could not obtain your Twitch username. Please try again or contact support.";
export const SENDING = "Connecting the extension to your account...";
export const SIGN_IN_PROMPT = "Log in to connect the extension to your account.";
export const NOT_SIGNED_IN_CHECK = "You are not logged in.";
