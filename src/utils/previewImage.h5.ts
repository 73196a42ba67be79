// H5: the browser's photo viewer brings a slider that a form page needs only
// once a photo is tapped, so it is loaded then.
export const previewImage = (current: string, urls: string[]) =>
  import('./photoViewer').then(({ previewImage: preview }) => preview(current, urls))
