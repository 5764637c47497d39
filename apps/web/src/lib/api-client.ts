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

type Options = Omit<RequestInit, 'body'> & { body?: unknown; token?: string | null };

let accessTokenProvider: () => string | null = () => null;
/** The session feature registers how to read the current access token; the client itself knows no storage. */
export function setAccessTokenProvider(provider: () => string | null) {
  accessTokenProvider = provider;
}

export async function apiFetch<T>(path: string, { body, token, headers, ...init }: Options = {}): Promise<T> {
  const bearer = token === undefined ? accessTokenProvider() : token;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
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
