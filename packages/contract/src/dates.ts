import { z } from 'zod';

/**
 * An ISO-8601 date on the wire, a Date in code: the server encodes the Date its presenter
 * returns, the web client decodes it from the response schema.
 */
export const dateTime = z
  .codec(z.iso.datetime({ offset: true }), z.date(), {
    decode: (value) => new Date(value),
    encode: (date) => date.toISOString(),
    // The OpenAPI document describes answers as sent: an ISO string, not the decoded Date.
  })
  .meta({ type: 'string', format: 'date-time' });
