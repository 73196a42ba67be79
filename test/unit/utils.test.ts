import { badgeText, fileType, formatCountdown, isWeChatBrowser, joinNames, stripFormName } from '@/utils'

describe('fileType', () => {
  it.each([
    ['image', ['a.png', 'a.jpg', 'a.jpeg', 'a.bmp', 'a.gif', 'A.PNG']],
    ['txt', ['notes.txt']],
    ['excel', ['a.xls', 'a.xlsx']],
    ['word', ['a.doc', 'a.docx']],
    ['pdf', ['a.pdf']],
    ['ppt', ['a.ppt', 'a.pptx']],
    ['video', ['a.mp4', 'a.m2v', 'a.mkv', 'a.rmvb', 'a.wmv', 'a.avi', 'a.flv', 'a.mov', 'a.m4v']],
    ['audio', ['a.mp3', 'a.wav']],
    ['other', ['a.zip', 'README', 'archive.tar.gz', 'png', '']],
  ])('%s', (type, names) => {
    for (const name of names) expect([name, fileType(name)]).toEqual([name, type])
  })

  it('takes the last extension', () => {
    expect(fileType('report.pdf.png')).toBe('image')
  })
})

describe('joinNames', () => {
  const options = [
    { id: 1, name: '儿科' },
    { id: 2, name: '产科' },
    { id: '3', name: '护理部' },
  ]

  it('joins the names of matching ids with 、 in option order', () => {
    expect(joinNames([3, 1], options)).toBe('儿科、护理部')
    expect(joinNames(['2'], options)).toBe('产科')
  })

  it('takes another separator', () => {
    expect(joinNames([1, 2], options, ', ')).toBe('儿科, 产科')
  })

  it('shows a dash when nothing matches', () => {
    expect(joinNames([], options)).toBe('-')
    expect(joinNames([9], options)).toBe('-')
  })
})

describe('formatCountdown', () => {
  it('formats HH:mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00:00')
    expect(formatCountdown(60)).toBe('00:01:00')
    expect(formatCountdown(3661)).toBe('01:01:01')
    expect(formatCountdown(59.9)).toBe('00:00:59')
  })

  it('lets hours pass 24', () => {
    expect(formatCountdown(25 * 3600 + 5)).toBe('25:00:05')
    expect(formatCountdown(100 * 3600)).toBe('100:00:00')
  })

  it('never goes below zero', () => {
    expect(formatCountdown(-5)).toBe('00:00:00')
  })
})

describe('badgeText', () => {
  it('is empty for 0 and shows counts up to the maximum', () => {
    expect(badgeText(0)).toBe('')
    expect(badgeText(1)).toBe('1')
    expect(badgeText(999)).toBe('999')
  })

  it('caps at 999+ by default, or at a given maximum', () => {
    expect(badgeText(1000)).toBe('999+')
    expect(badgeText(100, 99)).toBe('99+')
  })
})

describe('isWeChatBrowser', () => {
  it('detects the WeChat in-app browser', () => {
    expect(
      isWeChatBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      ),
    ).toBe(true)
  })

  it('is false for other browsers, including the jsdom one by default', () => {
    expect(
      isWeChatBrowser('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'),
    ).toBe(false)
    expect(isWeChatBrowser()).toBe(false)
  })
})

describe('stripFormName', () => {
  it('removes ( ) { } [ ] and keeps the rest', () => {
    expect(stripFormName('入住通知单(月子){A}[B]')).toBe('入住通知单月子AB')
    expect(stripFormName('访客出入登记表')).toBe('访客出入登记表')
  })
})
