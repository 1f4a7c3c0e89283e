/** A `.raw.css` file as its text: the labextension builder imports it as a string. */
declare module '*.raw.css' {
  const text: string;
  export default text;
}
