// Sessions against a running replica or nginx (contract §3).

import { request, type HttpResult } from './http.ts';

export interface Credentials {
  username: string;
  password: string;
}

export async function login(baseUrl: string, { username, password }: Credentials): Promise<string> {
  const response = await request<{ token?: string }>(baseUrl, { method: 'POST', path: '/session/login', body: { username, password } });
  if (response.status !== 200 || !response.body?.token) {
    throw new Error(`login as ${username} at ${baseUrl} failed: ${response.status || response.error} ${response.text ?? ''}`.trim());
  }
  return response.body.token;
}

export async function logout(baseUrl: string, token: string): Promise<HttpResult> {
  return request(baseUrl, { method: 'DELETE', path: '/session', token });
}

export async function sessionState(
  baseUrl: string,
  token: string,
  timeoutMs = 5000,
): Promise<HttpResult<{ valid?: boolean; message?: string }>> {
  return request(baseUrl, { path: '/session', token, timeoutMs });
}
