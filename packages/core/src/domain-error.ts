/**
 * A refusal in the domain's words, shaped like the rules' refusals (`checkRefund`, `checkEntryLines`): a stable
 * `code` a caller can branch on, the sentence the person reads, and details for whoever handles it. Modules throw
 * it for an expected refusal (only bugs throw anything else); the server turns the code into an HTTP status in one
 * table (apps/server/src/plugins/error-answers.ts), so no module names a status.
 */
export class DomainError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A rule's refusal (`{ code, message }`, as the core's checks return them) thrown as a domain error. */
export const refusalError = <C extends string>(refusal: { readonly code: C; readonly message: string }) =>
  new DomainError(refusal.code, refusal.message);
