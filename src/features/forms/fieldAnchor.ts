/** The id of a field's frame, for scrolling to it. */
export const fieldAnchor = (path: string) => `form-field-${path.replace(/\./g, '-')}`
