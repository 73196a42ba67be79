// H5: the browser's file dialog, for .xlsx files; the file is handed on as a blob: address.

/** A chosen .xlsx: its blob address and its name; undefined when nothing was chosen. */
export function chooseSheet(): Promise<{ path: string; name: string } | undefined> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    input.style.display = 'none'
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      input.remove()
      resolve(file ? { path: URL.createObjectURL(file), name: file.name } : undefined)
    })
    input.addEventListener('cancel', () => {
      input.remove()
      resolve(undefined)
    })
    document.body.appendChild(input)
    input.click()
  })
}
