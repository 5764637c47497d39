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

/** Sends with the session's token; a 401 renews the token once and sends again. */
async function sendWithSession(path: string, options: Options) {
  const usesSession = options.token === undefined;
  let bearer = usesSession ? session.token() : (options.token ?? null);
  let response = await send(path, options, bearer);
  if (response.status === 401 && usesSession && bearer) {
    bearer = await session.renew();
    if (bearer) response = await send(path, options, bearer);
  }
  return response;
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const serverMessage = data && typeof data === 'object' && 'message' in data ? data.message : undefined;
  const message =
    typeof serverMessage === 'string' && serverMessage
      ? serverMessage
      : `The request failed (${response.status}). Please try again.`;
  return new ApiError(response.status, message, data);
}

/** A file the API answers (a bank file, say): its bytes and the name the server gave it. */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  const response = await sendWithSession(path, { headers: { accept: '*/*' } });
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  const response = await sendWithSession(path, options);
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    throw new ApiError(
      response.status,
      'The server sent an answer we could not read. Please try again.',
      null,
    );
  }
}
