// The location feature as pages see it. Re-exports only, so that the bundler leaves out of a page
// whatever the page does not use.
export { default as PlaceMap } from './components/PlaceMap'
export { coordinatesText, mapAppUrl, queryCoordinates, queryText } from './places'
export { mapTilesStore } from './stores/mapTiles'
export { placePickerStore } from './stores/placePicker'
export { useMapPage } from './useMapPage'
