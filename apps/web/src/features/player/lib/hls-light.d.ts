// hls.js ships types for its full build only; the light build (no subtitles, alternate audio or DRM,
// which the catalogue does not use) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
