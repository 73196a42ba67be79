import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { LOCALES, t } from '@/i18n'
import { settingsStore } from '@/stores'
import './index.scss'

/** 中文 / English: each name in its own language; the choice is kept on the device. */
export default observer(function LanguageSwitch() {
  return (
    <View className="language-switch">
      {LOCALES.map((locale, index) => (
        <View key={locale} className="language-switch__item">
          {index > 0 && <View className="language-switch__divider" />}
          <Text
            className={`language-switch__option ${settingsStore.lang === locale ? 'language-switch__option--active' : ''}`}
            onClick={() => settingsStore.setLang(locale)}
          >
            {t(`lang.${locale}`)}
          </Text>
        </View>
      ))}
    </View>
  )
})
