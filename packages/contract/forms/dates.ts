import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'

// Strict date checks, apart from the validator: the definitions' computed values need them, and
// the mini program's main package (home's tiles read the definitions) then needs no validator.

dayjs.extend(customParseFormat)

export const DATE_FORMAT = 'YYYY-MM-DD'

export const isValidDate = (value: string) => dayjs(value, DATE_FORMAT, true).isValid()
