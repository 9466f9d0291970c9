// Password hashing with scrypt from node:crypto (no native addon, no download).
// scrypt is looked up on the module object at each call (not bound by a named import), so a test can
// count the key derivations with vi.spyOn whichever test file loaded this module first.
import crypto, { randomBytes, type ScryptOptions, timingSafeEqual } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  // No usable hash (a user created through an identity provider stores ""): never verifies, but
  // costs a real verification, so the answer's timing does not tell such accounts apart.
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return verifyPasswordOfNobody(password);
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let nobodysHash: Promise<string> | null = null;

/**
 * Verifies `password` against the hash of a random password nobody knows (always false), at the
 * cost of a real verification: sign-in with an unknown e-mail takes as long as with a known one.
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  nobodysHash ??= hashPassword(randomBytes(32).toString("base64"));
  await verifyPassword(password, await nobodysHash);
  return false;
}
