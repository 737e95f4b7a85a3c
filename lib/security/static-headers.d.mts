/** See static-headers.mjs. */
export declare const STATIC_SECURITY_HEADERS: readonly { readonly key: string; readonly value: string }[];
