/**
 * HTTP facts the rules compare against: reason phrases, RFC 9110 sections, methods.
 */

/** Reason phrases of RFC 9110 §15, plus 428, 429, 431 and 511 from RFC 6585. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  511: 'Network Authentication Required',
};

const SECTION_BASES: [number, string, number[]][] = [
  [100, '15.2', [100, 101]],
  [200, '15.3', [200, 201, 202, 203, 204, 205, 206]],
  [300, '15.4', [300, 301, 302, 303, 304, 305, 306, 307, 308]],
  [
    400,
    '15.5',
    [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 426],
  ],
  [500, '15.6', [500, 501, 502, 503, 504, 505]],
];

/** The RFC 9110 section that defines each status code: 404 → "15.5.5". */
export const RFC9110_SECTIONS: Readonly<Record<number, string>> = Object.fromEntries(
  SECTION_BASES.flatMap(([, base, codes]) => codes.map((code, i) => [code, `${base}.${i + 1}`])),
);

export const rfc9110Link = (section: string): string =>
  `https://datatracker.ietf.org/doc/html/rfc9110#section-${section}`;

/** Matches the accepted spellings of a link to an RFC 9110 section; group 1 is the section. */
export const RFC9110_LINK =
  /^https:\/\/(?:datatracker\.ietf\.org\/doc\/html\/rfc9110|www\.rfc-editor\.org\/rfc\/rfc9110)(?:\.html)?#section-(\d+(?:\.\d+)*)$/;

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH', 'QUERY'];

/** An HTTP status written as an OpenAPI response key: "404", "4XX" or "default". */
export function statusClass(code: string): { exact?: number; range?: 4 | 5 | 2 | 3 | 1; isDefault?: boolean } {
  if (/^[1-5]\d\d$/.test(code)) return { exact: Number(code) };
  if (/^[1-5]XX$/i.test(code)) return { range: Number(code[0]) as 1 | 2 | 3 | 4 | 5 };
  if (code === 'default') return { isDefault: true };
  return {};
}

/**
 * Whether an example's `status` fits the response key it illustrates: undefined when it does ("404"
 * admits 404, "4XX" any 4xx, "default" any 4xx or 5xx), else what the key expects as a message says it
 * ("404", "a 4xx status", "a 4xx or 5xx status"); null for a key that names no status (an `x-`
 * extension), which no status fits. Used by problem-example-status and by the fix planner, which
 * leaves an example alone unless its status fits every key it is used under.
 */
export function expectedStatus(code: string, status: number): string | undefined | null {
  const c = statusClass(code);
  if (c.exact !== undefined) return status === c.exact ? undefined : String(c.exact);
  if (c.range !== undefined) return Math.floor(status / 100) === c.range ? undefined : `a ${c.range}xx status`;
  if (c.isDefault) return status >= 400 && status <= 599 ? undefined : 'a 4xx or 5xx status';
  return null;
}

/** A response key that stands for an error: 4xx, 5xx, 4XX, 5XX or default. */
export const isErrorCode = (code: string): boolean => /^[45](?:\d\d|XX)$/i.test(code) || code === 'default';

/** A 1xx-3xx response key ("200", "2XX"): a response that is no error. */
export const isSuccessCode = (code: string): boolean => /^[123](?:\d\d|XX)$/i.test(code);
