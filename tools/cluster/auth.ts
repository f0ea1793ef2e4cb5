'use strict';
// Sessions against a running replica or nginx (contract §3).

const { request } = require('./http');

async function login(baseUrl, { username, password }) {
  const response = await request(baseUrl, { method: 'POST', path: '/session/login', body: { username, password } });
  if (response.status !== 200 || !response.body?.token) {
    throw new Error(`login as ${username} at ${baseUrl} failed: ${response.status || response.error} ${response.text ?? ''}`.trim());
  }
  return response.body.token;
}

async function logout(baseUrl, token) {
  return request(baseUrl, { method: 'DELETE', path: '/session', token });
}

async function sessionState(baseUrl, token, timeoutMs = 5000) {
  return request(baseUrl, { path: '/session', token, timeoutMs });
}

module.exports = { login, logout, sessionState };
