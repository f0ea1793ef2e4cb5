// Refusals of a request before routing (body limits, JSON parsing, the URL path), of one Node
// cannot parse, and of a body or query its DTO refuses; their statuses are in libs/platform (error-status.ts).
export enum RequestErrorCode {
  /** A body over the limit of its route. */
  BodyTooLarge = 'REQUEST_BODY_TOO_LARGE',
  /** A body of a media type the route does not take. */
  UnsupportedMediaType = 'REQUEST_UNSUPPORTED_MEDIA_TYPE',
  MalformedJson = 'REQUEST_MALFORMED_JSON',
  /** A body the JSON parser refused for another reason (an unknown content encoding …). */
  UnreadableBody = 'REQUEST_UNREADABLE_BODY',
  /** A URL path that is not valid percent-encoding or holds U+0000. */
  MalformedPath = 'REQUEST_MALFORMED_PATH',
  /** Node's parser refused the request (`HPE_*`). */
  MalformedHttp = 'REQUEST_MALFORMED_HTTP',
  HeadersTooLarge = 'REQUEST_HEADERS_TOO_LARGE',
  /** The client took longer than Node's request timeout to send its request. */
  Timeout = 'REQUEST_TIMEOUT',
  /** A body or query string its DTO refuses (the validation pipe): every failed rule in `details`. */
  Invalid = 'REQUEST_INVALID',
}
