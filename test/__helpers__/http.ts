/**
 * A real HTTP server on 127.0.0.1 for the length of a test (no internet): documents given by URL,
 * and remote `$ref`s, are fetched from it. Closed when `use` ends, its connections too, so that a
 * test never waits on a keep-alive socket.
 */
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Runs `use` with the server's origin (`http://127.0.0.1:<port>`), the server answering with `handler`. */
export async function serving<T>(handler: Handler, use: (origin: string) => Promise<T>): Promise<T> {
  const server = createServer(handler);
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise(done => server.close(done));
  }
}

/** A handler serving the files of a folder by their path; 404 for anything else. */
export const folder =
  (dir: string): Handler =>
  (request, response) => {
    const file = join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    if (existsSync(file) && statSync(file).isFile()) response.end(readFileSync(file));
    else response.writeHead(404).end();
  };
