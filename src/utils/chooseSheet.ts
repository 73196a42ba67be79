import Taro from '@tarojs/taro'

// The mini program: a spreadsheet is chosen from a WeChat chat (where the template was forwarded to).

/** A chosen .xlsx: its local path and its name; undefined when nothing was chosen. */
export async function chooseSheet(): Promise<{ path: string; name: string } | undefined> {
  try {
    const { tempFiles } = await Taro.chooseMessageFile({ count: 1, type: 'file', extension: ['xlsx'] })
    const [file] = tempFiles
    return file ? { path: file.path, name: file.name } : undefined
  } catch {
    return undefined // the person closed the picker
  }
}
