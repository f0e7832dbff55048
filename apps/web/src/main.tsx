import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/600.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { appRoutes, firstScreenLoaded } from './app/routes';
import { shellLoaded } from './app/shell/LazyMainLayout';
import { unregisterServiceWorkers } from './app/unregisterServiceWorkers';

void unregisterServiceWorkers();

/** The longest the first render waits for the shell and the first screen (then their loading bars show). */
const FIRST_SCREEN_WAIT_MS = 1500;

const router = createBrowserRouter(appRoutes);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function render(container: HTMLElement): void {
  // The first render as a transition: React renders the providers, shell and screen in slices of a few
  // milliseconds, yielding to the browser between them, instead of one long task that blocks input.
  const app = createRoot(container);
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// A signed-in visitor's shell and screen are fetched beside the entry (LazyMainLayout.tsx, routes.tsx):
// once they are in, the first render shows the screen in one pass, rather than a loading bar, a second
// render of the shell, another loading bar and a third render of the screen. Nothing to wait for when
// signed out (both settle at once); never longer than FIRST_SCREEN_WAIT_MS.
void Promise.race([Promise.all([shellLoaded(), firstScreenLoaded()]), new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(() => render(root));
