import { classifyConnectFailure, describeFailure } from './store-startup-error';

const driverError = (code: string, message = 'driver message') => Object.assign(new Error(message), { code });

describe('classifyConnectFailure', () => {
  it.each(['28P01', '28000', '3D000'])('refuses at once on PostgreSQL %s (retrying cannot help)', (code) => {
    expect(classifyConnectFailure(driverError(code))).toBe('rejected');
  });

  it.each(['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', '57P03'])(
    'retries %s (the server may still be starting)',
    (code) => {
      expect(classifyConnectFailure(driverError(code))).toBe('unreachable');
    },
  );

  it('retries a connection timeout of the pool', () => {
    expect(classifyConnectFailure(new Error('timeout exceeded when trying to connect'))).toBe('unreachable');
  });

  it('calls anything else broken', () => {
    expect(classifyConnectFailure(driverError('42501'))).toBe('broken');
    expect(classifyConnectFailure(new Error('self-signed certificate'))).toBe('broken');
  });
});

describe('describeFailure', () => {
  it('names the SQLSTATE or SQLite code with the message', () => {
    expect(describeFailure(driverError('28P01', 'password authentication failed for user "svc"'))).toBe(
      '28P01: password authentication failed for user "svc"',
    );
    expect(describeFailure(driverError('SQLITE_NOTADB', 'file is not a database'))).toBe('SQLITE_NOTADB: file is not a database');
    expect(describeFailure(driverError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'))).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });

  it('masks every copy of the password', () => {
    expect(describeFailure(new Error('bad url postgresql://u:hunter22@h/d and hunter22'), 'hunter22')).toBe(
      'bad url postgresql://u:***@h/d and ***',
    );
  });
});
