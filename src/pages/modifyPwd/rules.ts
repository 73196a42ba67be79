import type { MessageKey } from '@/i18n'

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword'
export type PasswordValues = Record<PasswordField, string>
export type PasswordErrors = Partial<Record<PasswordField, MessageKey>>

const MIN_PASSWORD_LENGTH = 8
/** An account name this short may well be part of a good password by chance. */
const ACCOUNT_IN_PASSWORD_MIN = 3

/**
 * Checked before anything is sent: all filled, a strong new password (not built on the account
 * name), confirmed, and really new. The server checks the same (server/src/lib/password.ts).
 */
export function checkPasswords(
  { oldPassword, newPassword, confirmPassword }: PasswordValues,
  account = '',
): PasswordErrors {
  const errors: PasswordErrors = {}
  if (!oldPassword) errors.oldPassword = 'modifyPwd.enterOld'
  if (!newPassword) errors.newPassword = 'modifyPwd.enterNew'
  else if (newPassword.length < MIN_PASSWORD_LENGTH || !/[A-Za-z]/.test(newPassword) || !/\d/.test(newPassword)) {
    errors.newPassword = 'modifyPwd.rule'
  } else if (newPassword === oldPassword) errors.newPassword = 'modifyPwd.sameAsOld'
  else if (account.length >= ACCOUNT_IN_PASSWORD_MIN && newPassword.toLowerCase().includes(account.toLowerCase())) {
    errors.newPassword = 'modifyPwd.containsAccount'
  }
  if (!confirmPassword) errors.confirmPassword = 'modifyPwd.enterConfirm'
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'modifyPwd.mismatch'
  return errors
}
