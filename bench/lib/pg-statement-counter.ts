/**
 * A loopback TCP proxy in front of PostgreSQL that records every statement a client runs: the
 * SQL of each simple Query ('Q') and of each extended-protocol Execute ('E', with the SQL of the
 * Parse it binds and the Bind's parameters). Bytes are forwarded unchanged; only the frontend
 * stream is parsed. Point a server's DATABASE_URL at url() to count the statements one HTTP
 * request costs (pg_stat_statements is not available everywhere, and this also yields the
 * exact SQL and parameters to EXPLAIN).
 */
import net from 'node:net';

export interface CapturedStatement {
  sql: string;
  /** Text-format parameters as bound (null for SQL NULL or binary values). */
  params: (string | null)[];
}

export interface StatementCounter {
  port: number;
  /** The upstream URL with host and port replaced by the proxy's. */
  url(upstream: string): string;
  /** Forget what was captured so far. */
  reset(): void;
  /** What was captured since the last reset(). */
  take(): CapturedStatement[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;

function cstring(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

/** Parses one connection's frontend stream and reports statements as they execute. */
function frontendParser(onStatement: (statement: CapturedStatement) => void) {
  let pending: Buffer = Buffer.alloc(0);
  let startup = true;
  const prepared = new Map<string, string>();
  const portals = new Map<string, CapturedStatement>();

  const message = (type: number, body: Buffer) => {
    switch (String.fromCharCode(type)) {
      case 'Q': {
        onStatement({ sql: cstring(body, 0)[0], params: [] });
        break;
      }
      case 'P': {
        const [name, next] = cstring(body, 0);
        prepared.set(name, cstring(body, next)[0]);
        break;
      }
      case 'B': {
        const [portal, afterPortal] = cstring(body, 0);
        const [statement, afterStatement] = cstring(body, afterPortal);
        let offset = afterStatement;
        const formatCount = body.readInt16BE(offset);
        const formats: number[] = [];
        offset += 2;
        for (let i = 0; i < formatCount; i++, offset += 2) formats.push(body.readInt16BE(offset));
        const paramCount = body.readInt16BE(offset);
        offset += 2;
        const params: (string | null)[] = [];
        for (let i = 0; i < paramCount; i++) {
          const length = body.readInt32BE(offset);
          offset += 4;
          const format = formats.length === 1 ? formats[0] : (formats[i] ?? 0);
          if (length < 0) params.push(null);
          else {
            params.push(format === 0 ? body.toString('utf8', offset, offset + length) : null);
            offset += length;
          }
        }
        portals.set(portal, { sql: prepared.get(statement) ?? '', params });
        break;
      }
      case 'E': {
        const portal = portals.get(cstring(body, 0)[0]);
        if (portal) onStatement(portal);
        break;
      }
    }
  };

  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (startup) {
        // Startup, SSL and GSS requests carry no type byte: length, then a code.
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) startup = false;
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      message(pending[0]!, pending.subarray(5, 1 + length));
      pending = pending.subarray(1 + length);
    }
  };
}

export async function startStatementCounter(
  upstreamHost: string,
  upstreamPort: number,
): Promise<StatementCounter> {
  let captured: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: upstreamHost, port: upstreamPort });
    sockets.add(client);
    sockets.add(upstream);
    const parse = frontendParser((statement) => captured.push(statement));
    client.on('data', (chunk: Buffer) => {
      try {
        parse(chunk);
      } catch {
        // A parse problem must never break the connection: counting is best effort.
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url(upstream) {
      const url = new URL(upstream);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    reset() {
      captured = [];
    },
    take() {
      const taken = captured;
      captured = [];
      return taken;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
