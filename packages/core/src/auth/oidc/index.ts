export * from "./finish-oidc-login";
export * from "./oidc-account";
export * from "./oidc-client";
export * from "./oidc-providers";
export * from "./oidc-refusal";
export * from "./start-oidc-login";
