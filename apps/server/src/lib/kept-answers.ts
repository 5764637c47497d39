import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers a server keeps between calls (a member's matrix or wallet page, read at a version) are frozen and marked
 * here, so that the response serializer checks and writes each of them once instead of on every call (decision 0036).
 */
const kept = new WeakSet<object>();

export function keptAnswer<T extends object>(answer: T): Readonly<T> {
  kept.add(Object.freeze(answer));
  return answer;
}

type SerializerCompiler = typeof serializerCompiler;

/** The zod serializer, remembering per route and status what it wrote for a kept answer. */
export const keptAwareSerializerCompiler: SerializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !kept.has(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
