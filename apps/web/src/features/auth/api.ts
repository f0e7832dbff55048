import type { LoginBody, User } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** POST /v1/client/login: answers the user to keep locally. */
export function login(body: LoginBody): Promise<User> {
  return api.post<User>('/v1/client/login', body);
}

/** GET /v1/client/logout: ends the server session. */
export function logout(): Promise<unknown> {
  return api.get<unknown>('/v1/client/logout');
}

