import { nextTask } from '@/utils/nextTask'
import './index'

// H5 launch: the stores are made (session and settings restored from storage) in a task of their
// own, and the app is mounted and its first page asked for in the next (app.tsx imports this).
await nextTask()
