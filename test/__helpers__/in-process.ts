/**
 * The commands run in the test's own process (for mutation testing, which sees only that process):
 * a real temporary project folder to work in as the current folder, standard output and error
 * captured, and the global state the commands touch (the working directory, the baseline
 * recorder of functions/lib/baseline-filter.ts) put back as it was after each test.
 */
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ensureBuilt } from './built';

export const ROOT = resolve(__dirname, '../..');

/** The recorder slot the CLI sets while it lints (functions/lib/baseline-filter.ts). */
const RECORDER = Symbol.for('spectral-api-conventions.baseline.recorder');

export interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `run` with standard output and error captured (and restored, whatever happens). */
export async function captured(run: () => Promise<number>): Promise<Output> {
  let stdout = '';
  let stderr = '';
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await run();
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/**
 * Registers the hooks of a suite that works in temporary folders: `project()` makes one (with this
 * repository's registry of problem responses in registry/), `enter(dir)` makes it the current
 * folder; after each test the current folder and the recorder are as before, the folders removed.
 */
export function temporaryProjects(prefix: string): { project: () => string; enter: (dir: string) => void } {
  const folders: string[] = [];
  let cwd = process.cwd();
  let recorder: unknown;
  beforeEach(() => {
    cwd = process.cwd();
    recorder = (globalThis as Record<symbol, unknown>)[RECORDER];
  });
  afterEach(() => {
    process.chdir(cwd);
    (globalThis as Record<symbol, unknown>)[RECORDER] = recorder;
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  beforeAll(ensureBuilt, 120_000);
  const project = (): string => {
    // The real path: git and the commands name files by it (macOS's /var is /private/var).
    const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
    folders.push(dir);
    mkdirSync(join(dir, 'registry'));
    copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(dir, 'registry/problem-details.yaml'));
    return dir;
  };
  return { project, enter: dir => process.chdir(dir) };
}

/** Writes a file, making its folder. */
export function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes files (path relative to `dir` → text) into `dir`, making their folders. */
export function putFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) put(join(dir, path), text);
}

/** This package installed in a project, as `npm install` of it would: a link in its node_modules. */
export function linkPackage(dir: string): void {
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/spectral-api-conventions'), 'dir');
}

const CODES = ['400', '404', '500'] as const;

/** What differs between the versions of the samples API. */
export interface SamplesOptions {
  /** The error responses of its first operation (the registry's Problem Details responses). */
  codes?: readonly string[];
  /** The first operation's path. */
  path?: string;
  /** Its 500 response a plain application/json body instead (an error of error-response-problem-media-type). */
  json500?: boolean;
}

/**
 * An API of lab samples as written in the wild: one operation under /clinical/labs/v1 with the
 * error responses of `codes`, and one operation whose path has no version segment (a warning of
 * path-version-segment) with all three. Lives in api/, the registry in registry/.
 */
export function samplesApi({
  codes = CODES,
  path = '/clinical/labs/v1/samples/{sampleId}',
  json500 = false,
}: SamplesOptions = {}): string {
  const errors = (list: readonly string[]) =>
    list
      .map(code => {
        const name = { '400': 'BadRequest', '404': 'NotFound', '500': 'InternalServerError' }[code];
        return `        '${code}':\n          $ref: '../registry/problem-details.yaml#/components/responses/${name}'\n`;
      })
      .join('');
  const json = `        '500':
          description: Something went wrong
          content:
            application/json:
              schema:
                type: object
                properties:
                  message:
                    type: string
`;
  return `openapi: 3.0.3
info:
  title: Clinical samples
  version: 1.0.0
servers:
  - url: https://api.example.com
paths:
  ${path}:
    get:
      summary: Get one sample
      operationId: getSample
      parameters:
        - name: sampleId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The sample
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Sample'
${errors(codes.filter(code => !json500 || code !== '500'))}${json500 ? json : ''}  /samples/{sampleId}/status:
    get:
      summary: The status of a sample
      operationId: getSampleStatus
      parameters:
        - name: sampleId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The status
          content:
            application/json:
              schema:
                type: object
                properties:
                  status:
                    type: string
${errors(CODES)}components:
  schemas:
    Sample:
      type: object
      properties:
        id:
          type: string
        collectedAt:
          type: string
          format: date-time
`;
}

/** The message of error-responses-required for one missing code. */
export const missing = (code: string): string => `No ${code} response; every operation must define 400, 404 and 500`;

/** A location as the baseline keys it (a JSON pointer). */
export const pointer = (...segments: string[]): string =>
  `/${segments.map(segment => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
