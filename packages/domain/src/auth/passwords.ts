import { hash, verify } from "@node-rs/argon2";

/** A password as stored: argon2id with its parameters and salt in the hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
