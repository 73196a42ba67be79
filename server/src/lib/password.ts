import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hash, verify } from '@node-rs/argon2'

export const hashPassword = (password: string): Promise<string> => hash(password)

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still verifies
 * against a dummy hash, so that an unknown account costs the same time as a wrong password and
 * timing does not reveal which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const matches = await verify(storedHash ?? (await (dummyHash ??= hash('no account has this password'))), password)
  return matches && storedHash !== undefined
}

/** An account name this short may well be part of a good password by chance. */
const ACCOUNT_IN_PASSWORD_MIN = 3

/**
 * The 10,000 most common passwords, most common first, as @zxcvbn-ts/language-common 4.1.3 ranks
 * them (src/passwords.json, its first 10,000; MIT, see commonPasswords.LICENSE.txt): the first
 * guesses of anyone who tries an account.
 */
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
)

/**
 * The message key of what is wrong with a new password, or undefined when it is acceptable: at
 * least 8 characters with letters and digits, not the old one, not built on the account name
 * (the first guess of anyone who tries), and not one of the most common passwords. The app's
 * change-password form checks the same but the last (src/pages/modifyPwd/rules.ts).
 */
export function newPasswordProblem(password: string, oldPassword: string, account: string): string | undefined {
  if (password.length < 8 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'password.weak'
  if (password === oldPassword) return 'password.unchanged'
  if (account.length >= ACCOUNT_IN_PASSWORD_MIN && password.toLowerCase().includes(account.toLowerCase())) {
    return 'password.containsAccount'
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'password.common'
  return undefined
}

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * A password for someone's first sign-in, which she changes at once: random, with letters and
 * digits, so that it passes the rules of a new password.
 */
export function oneTimePassword(length = 12): string {
  for (;;) {
    const password = Array.from({ length }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('')
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password
  }
}
