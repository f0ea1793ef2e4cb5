// Where `simsvc login` keeps its session: $XDG_CONFIG_HOME/simsvc/session.json (else
// ~/.config/simsvc/session.json), mode 0600 in a 0700 directory, one session per cache URL.
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface StoredSession {
  token: string;
  username: string | null;
  role?: string;
  expires_at?: string;
}

interface SessionFile {
  sessions: Record<string, StoredSession>;
}

export function sessionFilePath(env: NodeJS.ProcessEnv = process.env): string {
  const configHome = env['XDG_CONFIG_HOME'] || join(homedir(), '.config');
  return join(configHome, 'simsvc', 'session.json');
}

export class SessionStore {
  constructor(readonly path: string = sessionFilePath()) {}

  get(cacheUrl: string): StoredSession | undefined {
    return this.read().sessions[normalize(cacheUrl)];
  }

  set(cacheUrl: string, session: StoredSession): void {
    const file = this.read();
    file.sessions[normalize(cacheUrl)] = session;
    this.write(file);
  }

  /** Forgets the session of cacheUrl; the file goes when it holds no other. */
  delete(cacheUrl: string): void {
    const file = this.read();
    delete file.sessions[normalize(cacheUrl)];
    if (Object.keys(file.sessions).length === 0) rmSync(this.path, { force: true });
    else this.write(file);
  }

  private read(): SessionFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return { sessions: {} };
    }
    try {
      const parsed = JSON.parse(text) as Partial<SessionFile>;
      return { sessions: parsed.sessions && typeof parsed.sessions === 'object' ? parsed.sessions : {} };
    } catch {
      return { sessions: {} };
    }
  }

  /** Written to a private temporary file and renamed, so the token is never readable by others. */
  private write(file: SessionFile): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.path);
  }
}

function normalize(url: string): string {
  return url.replace(/\/+$/, '');
}
