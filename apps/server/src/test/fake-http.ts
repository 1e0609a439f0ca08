import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server speaking an outside service's protocol for one test file. */
export async function startFakeHttp(
  handler: (request: http.IncomingMessage, body: string) => { status?: number; json: unknown },
): Promise<{
  url: string;
  requests: { path: string; body: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}> {
  const requests: { path: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ path: request.url ?? '', body, headers: request.headers });
      const answer = handler(request, body);
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
