import { registerDecorator, ValidationOptions } from 'class-validator';
import { NO_CONTROL_CHARACTERS } from '../cache/cache-limits';

/** sim2l's `workflow_files` (contract §7): at most this many files… */
export const MAX_WORKFLOW_FILES = 256;
/** …whose contents (`content`, or `content_base64` as sim2l's bundles carry it) total at most this many bytes. */
export const MAX_WORKFLOW_CONTENT_BYTES = 4 * 1024 * 1024;
export const MAX_WORKFLOW_PATH_LENGTH = 1024;

/** One file as sim2l sends it: a relative path and its text; other keys (encoding, sha256…) are kept. */
export interface WorkflowFile {
  path: string;
  content?: string;
  [key: string]: unknown;
}

const CONTENT_KEYS = ['content', 'content_base64'] as const;

/** A path inside the bundle: relative, no `..` segment, no drive letter, no control characters. */
function isBundlePath(path: unknown): boolean {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_WORKFLOW_PATH_LENGTH) return false;
  if (!NO_CONTROL_CHARACTERS.test(path) || /^[/\\]/.test(path) || /^[A-Za-z]:/.test(path)) return false;
  return !path.split(/[/\\]/).includes('..');
}

/** The first problem of a `workflow_files` value, or null when it is acceptable. */
export function workflowFilesProblem(files: unknown): string | null {
  if (!Array.isArray(files) || files.some((file) => typeof file !== 'object' || file === null || Array.isArray(file))) {
    return 'workflow_files must be an array of {path, content}';
  }
  if (files.length > MAX_WORKFLOW_FILES) return `workflow_files must hold at most ${MAX_WORKFLOW_FILES} files`;
  let bytes = 0;
  for (const [index, file] of (files as Record<string, unknown>[]).entries()) {
    if (!isBundlePath(file['path'])) return `workflow_files[${index}].path must be a relative path without ..`;
    for (const key of CONTENT_KEYS) {
      const content = file[key];
      if (content === undefined || content === null) continue;
      if (typeof content !== 'string') return `workflow_files[${index}].${key} must be a string`;
      bytes += Buffer.byteLength(content, 'utf8');
    }
  }
  return bytes > MAX_WORKFLOW_CONTENT_BYTES ? `workflow_files must total at most ${MAX_WORKFLOW_CONTENT_BYTES} bytes of content` : null;
}

/** class-validator decorator for `workflow_files`; the message names the first problem. */
export function IsWorkflowFiles(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isWorkflowFiles',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => workflowFilesProblem(value) === null,
        defaultMessage: (args) => workflowFilesProblem(args?.value) ?? 'workflow_files is invalid',
      },
    });
}

/**
 * The workflow bundle after a body (sim2l folds its convenience fields the same way): the given
 * bundle, else the current one, with `files` replaced by `workflow_files` and `entrypoint` by
 * `workflow_entrypoint` when given. Null when there is nothing.
 */
export function foldWorkflowFiles(
  bundle: Record<string, unknown> | null,
  files: WorkflowFile[] | null | undefined,
  entrypoint: string | null | undefined,
): Record<string, unknown> | null {
  if ((files === null || files === undefined) && (entrypoint === null || entrypoint === undefined)) return bundle;
  return {
    ...bundle,
    ...(files === null || files === undefined ? {} : { files }),
    ...(entrypoint === null || entrypoint === undefined ? {} : { entrypoint }),
  };
}
