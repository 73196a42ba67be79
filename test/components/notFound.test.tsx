import { render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import NotFound from '@/pages/notFound/index'
import { click, quietUi, resetApp } from './support/helpers'

const page = (route: string) => ({ route }) as Taro.Page

beforeEach(() => {
  resetApp()
  quietUi()
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
  jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
})

afterEach(() => {
  process.env.TARO_ENV = 'h5'
})

describe('not-found page', () => {
  it('shows its message and its three actions', () => {
    render(<NotFound />)
    expect(screen.getByText('您访问的页面不存在')).toBeTruthy()
    expect(screen.getByText('刷新')).toBeTruthy()
    expect(screen.getByText('返回首页')).toBeTruthy()
    expect(screen.getByText('返回上一页')).toBeTruthy()
  })

  it('returns home', () => {
    render(<NotFound />)
    click(screen.getByText('返回首页'))
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/tabPages/index' })
  })

  it('returns to the previous page when there is one', () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([page('pages/tabPages/index'), page('pages/notFound/index')])
    render(<NotFound />)
    click(screen.getByText('返回上一页'))
    expect(Taro.navigateBack).toHaveBeenCalled()
    expect(Taro.reLaunch).not.toHaveBeenCalled()
  })

  it('goes home instead of back when it was opened directly', () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([page('pages/notFound/index')])
    render(<NotFound />)
    click(screen.getByText('返回上一页'))
    expect(Taro.navigateBack).not.toHaveBeenCalled()
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/tabPages/index' })
  })

  it('refreshes the mini program by relaunching the current page', () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([page('pages/notFound/index')])
    render(<NotFound />)
    process.env.TARO_ENV = 'weapp'
    click(screen.getByText('刷新'))
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/notFound/index' })
  })

  it('speaks English when chosen', async () => {
    const { settingsStore } = await import('@/stores')
    settingsStore.setLang('en')
    render(<NotFound />)
    expect(screen.getByText('The page you are looking for does not exist')).toBeTruthy()
    expect(screen.getByText('Back to previous page')).toBeTruthy()
  })
})
