import { Provider } from '@nestjs/common';
import { AuthSettingRepository } from '@simsvc/persistence';
import { createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { AuthConfig } from './auth-config';
import { AUTH_CONFIG, SIGNING_KEY } from './auth.tokens';

export const GENERATED_SECRET_SETTING = 'session_signing_secret';
const GENERATED_SECRET_BYTES = 32;

/**
 * SIMSVC_AUTH_SECRET, or else a secret generated once and kept in the auth store (proposed by
 * every starting replica, the first one stored wins), so services sharing the store share it.
 */
export async function resolveSigningKey(config: AuthConfig, settings: AuthSettingRepository): Promise<KeyObject> {
  if (config.secret) return createSecretKey(Buffer.from(config.secret, 'utf8'));
  const proposed = randomBytes(GENERATED_SECRET_BYTES).toString('base64');
  const stored = await settings.getOrInsert(GENERATED_SECRET_SETTING, proposed);
  return createSecretKey(Buffer.from(stored, 'base64'));
}

export const signingKeyProvider: Provider = {
  provide: SIGNING_KEY,
  inject: [AUTH_CONFIG, AuthSettingRepository],
  useFactory: resolveSigningKey,
};
