// jest's resolver, plus one fallback: a relative './x.js' that does not exist is './x.ts'. The contract
// (packages/contract) is ESM for Node, whose loader wants the file's extension, so it imports
// './types.js' for types.ts, as tsc and tsx understand.
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options)
  } catch (error) {
    if (/^\.{1,2}\/.*\.js$/.test(request)) return options.defaultResolver(request.replace(/\.js$/, '.ts'), options)
    throw error
  }
}
