import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|code|password)=)[^&]*/gi;

/** pino options: request logs never carry tokens, passwords or codes (contract 8.27). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, '$1[REDACTED]'),
        ip: req.ip,
      }),
    },
  };
}
