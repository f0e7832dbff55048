import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@loa/contract';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/routes';
import { writeStoredUser } from '../lib/userStorage';
import type { SocketFactory } from '../lib/socket/createSocket';
import { fakeSocket } from './fakeSocket';

/** Renders the whole console at a path, optionally logged in, with a fake socket. */
export function renderApp(path: string, options: { user?: User; socketFactory?: SocketFactory } = {}) {
  if (options.user) writeStoredUser(options.user);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders socketFactory={options.socketFactory ?? fakeSocket().factory}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
