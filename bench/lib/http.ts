/**
 * One HTTP request to the local server with node:http. Not `fetch`: the brand is chosen by the Host
 * header, which fetch treats as a forbidden header, while node:http sends it as given.
 */
import { type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';

export interface LocalResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const REQUEST_TIMEOUT_MS = 10_000;

export function localRequest(options: {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  headers: OutgoingHttpHeaders;
  body?: string;
}): Promise<LocalResponse> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${options.method} ${options.path} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
