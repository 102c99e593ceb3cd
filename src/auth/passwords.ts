/** PROTOCOL.md: 8-128 characters (counted as characters, not UTF-16 units). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export function passwordLengthOk(password: string): boolean {
  const length = [...password].length
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' })
}

let decoy: Promise<string> | undefined

/**
 * Checks a password against a hash; with no hash (the account has no password) it still spends
 * the time of one check, so the answer's timing does not tell which accounts have one.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash) return Bun.password.verify(password, hash)
  decoy ??= hashPassword('decoy password, never matches')
  await Bun.password.verify(password, await decoy)
  return false
}
