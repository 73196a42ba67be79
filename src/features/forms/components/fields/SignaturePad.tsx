// Not NutUI's Signature: it draws at 1× (blurry on high-density screens), on touch only (no mouse on H5), on a transparent background, and a failed export only logs a warning.
// A canvas to sign on with a finger (or a mouse on H5), exported as a PNG file path that
// uploadFile accepts: a temp file in the mini program, an object URL of the PNG on H5.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'
import { Canvas, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import './SignaturePad.scss'

export interface SignaturePadRef {
  /** Nothing drawn yet. */
  isEmpty(): boolean
  clear(): void
  /** The drawing as a PNG; call `release` once it is uploaded. */
  toFile(): Promise<{ path: string; release: () => void }>
}

const LINE_WIDTH = 3
const INK = '#1a1a1a'
const PAPER = '#ffffff'

type Context = CanvasRenderingContext2D

function prepare(ctx: Context, width: number, height: number, ratio: number) {
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.fillStyle = PAPER
  ctx.fillRect(0, 0, width, height)
  ctx.lineWidth = LINE_WIDTH
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  ctx.strokeStyle = INK
}

/** H5: a plain canvas driven by pointer events (touch and mouse alike). */
const WebPad = forwardRef<SignaturePadRef>(function WebPad(_props, ref) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawn = useRef(false)
  const last = useRef<{ x: number; y: number } | null>(null)

  /** Sizes the drawing surface to the element (sharp on high-density screens) and blanks it. */
  const setUp = () => {
    const element = canvas.current
    const ctx = element?.getContext('2d')
    if (!element || !ctx) return null
    const { width, height } = element.getBoundingClientRect()
    const ratio = window.devicePixelRatio || 1
    if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
      element.width = Math.round(width * ratio)
      element.height = Math.round(height * ratio)
      prepare(ctx, width, height, ratio)
      drawn.current = false
    }
    return ctx
  }

  useEffect(() => {
    setUp()
  }, [])

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    return { x: event.clientX - rect.left, y: event.clientY - rect.top }
  }

  const down = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = setUp()
    if (!ctx) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const p = point(event)
    last.current = p
    ctx.beginPath()
    ctx.arc(p.x, p.y, LINE_WIDTH / 2, 0, Math.PI * 2)
    ctx.fillStyle = INK
    ctx.fill()
    drawn.current = true
  }

  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx || !last.current) return
    const p = point(event)
    ctx.beginPath()
    ctx.moveTo(last.current.x, last.current.y)
    ctx.lineTo(p.x, p.y)
    ctx.stroke()
    last.current = p
  }

  const up = () => {
    last.current = null
  }

  useImperativeHandle(ref, () => ({
    isEmpty: () => !drawn.current,
    clear: () => {
      const element = canvas.current
      const ctx = element?.getContext('2d')
      if (element && ctx) {
        const { width, height } = element.getBoundingClientRect()
        prepare(ctx, width, height, window.devicePixelRatio || 1)
      }
      drawn.current = false
    },
    toFile: () =>
      new Promise((resolve, reject) => {
        const element = canvas.current
        if (!element) return reject(new Error('no canvas'))
        element.toBlob((blob) => {
          if (!blob) return reject(new Error('empty canvas'))
          const path = URL.createObjectURL(blob)
          resolve({ path, release: () => URL.revokeObjectURL(path) })
        }, 'image/png')
      }),
  }))

  return (
    <View className="signature-pad">
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
    </View>
  )
})

let nextId = 0

/** Mini program: a 2d Canvas node driven by touch events; exported with canvasToTempFilePath. */
const MiniPad = forwardRef<SignaturePadRef>(function MiniPad(_props, ref) {
  const id = useRef(`signature-pad-${++nextId}`).current
  const node = useRef<{ canvas: Taro.Canvas & { width: number; height: number }; ctx: Context } | null>(null)
  const drawn = useRef(false)
  const last = useRef<{ x: number; y: number } | null>(null)
  const size = useRef({ width: 0, height: 0, ratio: 1 })

  useEffect(() => {
    let tries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    // The node exists once the popup has drawn it: ask again a few times if it is not there yet.
    const find = () => {
      try {
        Taro.createSelectorQuery()
          .select(`#${id}`)
          .fields({ node: true, size: true }, () => {})
          .exec((result) => {
            const found = result?.[0]
            if (!found?.node || !found.width) {
              if (++tries < 10) timer = setTimeout(find, 100)
              return
            }
            const canvas = found.node
            const ctx = canvas.getContext('2d') as Context
            const ratio = Taro.getWindowInfo().pixelRatio || 1
            canvas.width = found.width * ratio
            canvas.height = found.height * ratio
            size.current = { width: found.width, height: found.height, ratio }
            prepare(ctx, found.width, found.height, ratio)
            node.current = { canvas, ctx }
          })
      } catch {
        // No node query in this runtime: the pad stays blank.
      }
    }
    Taro.nextTick(find)
    return () => clearTimeout(timer)
  }, [id])

  const touchPoint = (event: { touches: { x?: number; y?: number }[] }) => {
    const touch = event.touches[0]
    return touch ? { x: touch.x ?? 0, y: touch.y ?? 0 } : null
  }

  const start = (event) => {
    const ctx = node.current?.ctx
    const p = touchPoint(event)
    if (!ctx || !p) return
    last.current = p
    ctx.beginPath()
    ctx.arc(p.x, p.y, LINE_WIDTH / 2, 0, Math.PI * 2)
    ctx.fillStyle = INK
    ctx.fill()
    drawn.current = true
  }

  const move = (event) => {
    const ctx = node.current?.ctx
    const p = touchPoint(event)
    if (!ctx || !p || !last.current) return
    ctx.beginPath()
    ctx.moveTo(last.current.x, last.current.y)
    ctx.lineTo(p.x, p.y)
    ctx.stroke()
    last.current = p
  }

  const end = () => {
    last.current = null
  }

  useImperativeHandle(ref, () => ({
    isEmpty: () => !drawn.current,
    clear: () => {
      const { width, height, ratio } = size.current
      if (node.current) prepare(node.current.ctx, width, height, ratio)
      drawn.current = false
    },
    toFile: () =>
      new Promise((resolve, reject) => {
        if (!node.current) return reject(new Error('no canvas'))
        Taro.canvasToTempFilePath({
          canvas: node.current.canvas,
          fileType: 'png',
          success: ({ tempFilePath }) => resolve({ path: tempFilePath, release: () => {} }),
          fail: reject,
        } as Taro.canvasToTempFilePath.Option)
      }),
  }))

  return (
    <View className="signature-pad">
      <Canvas
        id={id}
        type="2d"
        className="signature-pad__canvas"
        disableScroll
        onTouchStart={start}
        onTouchMove={move}
        onTouchEnd={end}
        onTouchCancel={end}
      />
    </View>
  )
})

/** The pad of the platform being built (the other one is left out of the bundle). */
const SignaturePad = process.env.TARO_ENV === 'h5' ? WebPad : MiniPad
export default SignaturePad
