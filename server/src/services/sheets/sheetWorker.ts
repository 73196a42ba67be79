import { parentPort, workerData } from 'node:worker_threads'
import { readChecked, type SheetBounds } from './sheetReader.js'

// The sheet worker: reads one uploaded file in a thread of its own, under a memory limit and a time
// limit (workbook.ts), so that a file built to exhaust them takes the worker down and not the server.

const { bytes, bounds } = workerData as { bytes: Uint8Array; bounds: SheetBounds }
parentPort!.postMessage(await readChecked(bytes, bounds))
