import type { FastifyReply } from 'fastify';

/** Paystack's envelope for the sandbox's answers: { status, message, data } or { status: false, message, ... }. */
export const paystackOk = (
  reply: FastifyReply,
  message: string,
  data: unknown,
  httpStatus = 200,
  meta?: Record<string, unknown>,
) =>
  reply
    .status(httpStatus)
    .send({ status: true, message, ...(data === undefined ? {} : { data }), ...(meta ? { meta } : {}) });

export const paystackError = (
  reply: FastifyReply,
  httpStatus: number,
  message: string,
  extra: { type?: string; code?: string } = {},
) => reply.status(httpStatus).send({ status: false, message, ...extra });
