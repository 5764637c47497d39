/**
 * An error as it crosses between threads. A structured clone keeps an error's message and stack but drops what the
 * platform decides by: the driver's `code` (a lost database answers 503, decision 0042), the class's name and the
 * `cause` chain. This keeps those, as plain data, and gives back an Error that carries them.
 */
export interface ClonedError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  cause?: ClonedError;
}

export function cloneError(error: unknown, depth = 0): ClonedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined && depth < 5 ? { cause: cloneError(error.cause, depth + 1) } : {}),
  };
}

export function errorFromClone(cloned: ClonedError): Error {
  const error = new Error(cloned.message, cloned.cause ? { cause: errorFromClone(cloned.cause) } : undefined);
  error.name = cloned.name;
  if (cloned.stack) error.stack = cloned.stack;
  if (cloned.code !== undefined) Object.assign(error, { code: cloned.code });
  return error;
}
