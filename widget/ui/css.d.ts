/** Vite's `?inline` CSS import: the stylesheet as a string, injected into the shadow root. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
