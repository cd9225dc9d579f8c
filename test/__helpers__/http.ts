/**
 * A real HTTP server on 127.0.0.1 for the length of a test (no internet): documents given by URL,
 * and remote `$ref`s, are fetched from it. Closed when `use` ends, its connections too, so that a
 * test never waits on a keep-alive socket.
 */
import { spawn } from 'node:child_process';
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

/**
 * Runs `use` with the origin of a server of the files of `dir` in a child process: for a client that
 * blocks this process while it fetches (a `redocly lint` run by spawnSync), which a server here could
 * not answer.
 */
export async function servingFolderApart<T>(dir: string, use: (origin: string) => Promise<T>): Promise<T> {
  const server = spawn(
    process.execPath,
    [
      '-e',
      `const { createServer } = require('node:http');
const { existsSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const server = createServer((request, response) => {
  const file = join(process.argv[1], decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
  if (existsSync(file) && statSync(file).isFile()) response.end(readFileSync(file));
  else response.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await new Promise<string>((done, fail) => {
      server.stdout.once('data', (chunk: Buffer) => done(chunk.toString().trim()));
      server.once('exit', code => fail(new Error(`the file server ended (exit ${code})`)));
    });
    return await use(`http://127.0.0.1:${port}`);
  } finally {
    server.kill();
  }
}
