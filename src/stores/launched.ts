// The mini program makes the stores and mounts the app in one go (see launched.h5.ts).
export {}
