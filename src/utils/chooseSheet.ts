import Taro from '@tarojs/taro'

// The mini program: a spreadsheet is chosen from a WeChat chat (where the template was forwarded to).

/** A chosen .xlsx: its local path and its name; undefined when nothing was chosen. */
export function chooseSheet(): Promise<{ path: string; name: string } | undefined> {
  // Callbacks, not the promise: Taro hands this API over as WeChat's own, unwrapped.
  return new Promise((resolve) => {
    Taro.chooseMessageFile({
      count: 1,
      type: 'file',
      extension: ['xlsx'],
      success: ({ tempFiles: [file] }) => resolve(file ? { path: file.path, name: file.name } : undefined),
      fail: () => resolve(undefined), // the person closed the chooser
    })
  })
}
