import { render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import Page from '@/pages/login/index'

it('renders a page with NutUI', () => {
  render(<Page />)
  expect(screen.getByText('月子中心客服端')).toBeTruthy()
  expect(typeof Taro.request).toBe('function')
})
