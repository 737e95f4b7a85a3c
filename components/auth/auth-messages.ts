/** Sign-in texts of the product spec, word for word, shared by the auth modal and the Kick callback page. */
export const AUTH_FAILED = "Authentication failed";
export const providerLoginFailed = (label: string) => `${label} login failed`;
export const POPUP_BLOCKED = "Popup blocked";
export const backendExchangeFailed = (message: string) => `Backend JWT exchange failed: ${message}`;
export const TOKEN_EXCHANGE_FALLBACK = "Failed to exchange for backend JWT";

export const KICK_INVALID_STATE = "Error: Invalid state or code. Please try logging in again.";
export const KICK_VERIFIER_MISSING = "Error: Code verifier missing. Please try logging in again.";
export const KICK_BACKEND_ERROR = "Backend Error";
export const kickCouldNotSignIn = (detail: string) => `Error: Could not sign you in with Kick.${detail ? ` ${detail}` : ""}`;
export const kickCriticalError = (message: string) => `Error: Critical error during Kick login: ${message}`;

export const LOGGED_IN = "Logged in successfully!";
export const ACCOUNT_CREATED = "Account created!";
export const loginFailed = (message: string) => `Login failed: ${message}`;
export const signupFailed = (message: string) => `Signup failed: ${message}`;
