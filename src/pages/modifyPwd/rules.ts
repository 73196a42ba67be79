import type { MessageKey } from '@/i18n'

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword'
export type PasswordValues = Record<PasswordField, string>
export type PasswordErrors = Partial<Record<PasswordField, MessageKey>>

const MIN_PASSWORD_LENGTH = 8

/** Checked before anything is sent: all filled, a strong new password, confirmed, and really new. */
export function checkPasswords({ oldPassword, newPassword, confirmPassword }: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {}
  if (!oldPassword) errors.oldPassword = 'modifyPwd.enterOld'
  if (!newPassword) errors.newPassword = 'modifyPwd.enterNew'
  else if (newPassword.length < MIN_PASSWORD_LENGTH || !/[A-Za-z]/.test(newPassword) || !/\d/.test(newPassword)) {
    errors.newPassword = 'modifyPwd.rule'
  } else if (newPassword === oldPassword) errors.newPassword = 'modifyPwd.sameAsOld'
  if (!confirmPassword) errors.confirmPassword = 'modifyPwd.enterConfirm'
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'modifyPwd.mismatch'
  return errors
}
