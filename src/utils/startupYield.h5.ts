import { nextTask } from './nextTask'

// H5 launch: the libraries' modules are evaluated in one task of the browser, the stores (every
// module that keeps state in storage imports this, through utils/storage) and all that imports
// them in the next, so that the launch is not one long task that holds the page.
await nextTask()
