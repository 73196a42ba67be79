// The mini program evaluates the app's modules as they load (see startupYield.h5.ts).
export {}
