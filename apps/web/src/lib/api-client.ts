/** The one HTTP wrapper: JSON in and out, errors returned as ApiError with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

type Options = Omit<RequestInit, 'body'> & {
  body?: unknown;
  /** null: send no token (public calls); undefined: the current session's token. */
  token?: string | null;
};

interface SessionHooks {
  token: () => string | null;
  /** Renews the access token after a 401; the new token, or null when the session is over. */
  renew: () => Promise<string | null>;
}
let session: SessionHooks = { token: () => null, renew: async () => null };

/** The session module registers how to read and renew the access token; this file knows no storage. */
export function setSessionHooks(hooks: SessionHooks) {
  session = hooks;
}

async function send(path: string, { body, token: _token, headers, ...init }: Options, bearer: string | null) {
  try {
    return await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'We could not reach the server. Check your connection and try again.', null);
  }
}

export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  const usesSession = options.token === undefined;
  let bearer = usesSession ? session.token() : (options.token ?? null);
  let response = await send(path, options, bearer);
  if (response.status === 401 && usesSession && bearer) {
    bearer = await session.renew();
    if (bearer) response = await send(path, options, bearer);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const serverMessage = data && typeof data === 'object' && 'message' in data ? data.message : undefined;
    const message = typeof serverMessage === 'string' && serverMessage ? serverMessage : `The request failed (${response.status}). Please try again.`;
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}
