import { createHash, randomBytes } from "node:crypto";

/** SHA-256 hex digest: how API keys, session ids and invitation tokens are stored. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** URL-safe random secret with at least 32 bytes of entropy. */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString("base64url");
