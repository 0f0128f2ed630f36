/** `text` as a JavaScript regexp source that matches it literally (every metacharacter escaped). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
