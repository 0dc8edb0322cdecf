/** React's own property names that the page script shortens (scripts/react-internals.js). */
export const REACT_INTERNALS: readonly string[];
