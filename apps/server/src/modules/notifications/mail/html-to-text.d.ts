// html-to-text ships no types: the one function the mail renderer calls (github.com/html-to-text/node-html-to-text).
declare module 'html-to-text' {
  export function compile(options?: Record<string, unknown>): (html: string) => string;
}
