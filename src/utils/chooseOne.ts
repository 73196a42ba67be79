// Apart from the other questions (feedback.ts) because home does not ask it: the mini program's
// main package carries only what its pages use.
import Taro from '@tarojs/taro'

/** Asks which of a few choices (an action sheet, with a cancel): the value chosen, undefined when cancelled. */
export async function chooseOne<T>(choices: { value: T; label: string }[], title?: string): Promise<T | undefined> {
  try {
    const { tapIndex } = await Taro.showActionSheet({
      ...(title ? { alertText: title } : {}),
      itemList: choices.map((choice) => choice.label),
    })
    return choices[tapIndex]?.value
  } catch {
    return undefined // cancelled
  }
}
