import { serializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';

/**
 * Answers a server keeps between calls (a member's matrix or wallet page, read at a version) are frozen and marked
 * here, so that the response serializer checks and writes each of them once instead of on every call (decision 0036).
 */
const kept = new WeakSet<object>();

export function keptAnswer<T extends object>(answer: T): Readonly<T> {
  kept.add(Object.freeze(answer));
  return answer;
}

/**
 * The answers a server has sent, per key, with the version of the data they were read at. Bounded: a key not asked
 * for a while is read again. Each server process has its own; the version read in every call keeps them all right.
 */
export class KeptAnswers<T extends object> {
  readonly #answers = new LRUCache<string, { version: string; answer: Readonly<T> }>({ max: 5_000 });

  /** The answer kept for `key`, if it was read at `version`. */
  at(key: string, version: string): Readonly<T> | undefined {
    const known = this.#answers.get(key);
    return known?.version === version ? known.answer : undefined;
  }

  keep(key: string, version: string, answer: T): Readonly<T> {
    const kept = keptAnswer(answer);
    this.#answers.set(key, { version, answer: kept });
    return kept;
  }
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
