import { render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import WebViewPage from '@/pages/webView/index'
import { isAllowedUrl, originOf } from '@/pages/webView/allowList'
import { click, quietUi, resetApp } from './support/helpers'

jest.mock('@/config', () => ({
  ...jest.requireActual('@/config'),
  WEBVIEW_ORIGINS: ['https://docs.example.com', 'http://intranet.example.com:8080'],
}))

const ALLOWED = ['https://docs.example.com', 'http://intranet.example.com:8080']

describe('web-view allow-list', () => {
  it('takes the origin of http(s) addresses only', () => {
    expect(originOf('HTTPS://Docs.Example.com/a/b?c=1#d')).toBe('https://docs.example.com')
    expect(originOf('http://intranet.example.com:8080')).toBe('http://intranet.example.com:8080')
    expect(originOf('javascript:alert(1)')).toBe('')
    expect(originOf('//docs.example.com/x')).toBe('')
  })

  it('allows exactly the configured origins', () => {
    expect(isAllowedUrl('https://docs.example.com/rules.html', ALLOWED)).toBe(true)
    expect(isAllowedUrl('http://intranet.example.com:8080/x', ALLOWED)).toBe(true)
    expect(isAllowedUrl('http://docs.example.com/rules.html', ALLOWED)).toBe(false)
    expect(isAllowedUrl('http://intranet.example.com/x', ALLOWED)).toBe(false)
    expect(isAllowedUrl('https://docs.example.com.evil.io/x', ALLOWED)).toBe(false)
    expect(isAllowedUrl('https://docs.example.com@evil.io/x', ALLOWED)).toBe(false)
    expect(isAllowedUrl('https://evil.io/?next=https://docs.example.com', ALLOWED)).toBe(false)
    expect(isAllowedUrl('https://docs.example.com/x', [])).toBe(false)
  })
})

describe('web-view page', () => {
  beforeEach(() => {
    resetApp()
    quietUi()
  })

  function open(url: string) {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({
      router: { params: { url: encodeURIComponent(url) } },
    } as unknown as Taro.getCurrentInstance.Current)
    return render(<WebViewPage />)
  }

  it('opens an address of an allowed origin', () => {
    const { container } = open('https://docs.example.com/rules.html?lang=zh')
    const view = container.querySelector('taro-web-view-core')
    expect(view?.getAttribute('src')).toBe('https://docs.example.com/rules.html?lang=zh')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('refuses any other address and offers a way back', () => {
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/webView/index' } as Taro.Page])
    const { container } = open('https://evil.io/phish')
    expect(container.querySelector('taro-web-view-core')).toBeNull()
    expect(screen.getByRole('alert').textContent).toContain('该网址不在允许打开的范围内')
    click(screen.getByText('返回'))
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/tabPages/index' })
  })
})
