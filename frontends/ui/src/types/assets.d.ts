declare module '*.css';
/** Media served with a remote (webpack asset/resource): the import is the file's URL. */
declare module '*.webm' {
  const url: string;
  export default url;
}
declare module '*.vtt' {
  const url: string;
  export default url;
}
